package dev.xfer.app.latency;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code xfer latency} measures: for every target kind and buffer size, {@code iterations}
 * timed chases of {@code accesses} dependent loads each, after one untimed chase of the same length.
 *
 * @param sizes      buffer sizes in bytes, each a whole number of {@link #NODE_BYTES}-byte nodes
 * @param kinds      the kinds of memory to chase; {@link LatencyTarget.Kind#PEER} means every other
 *                   selected GPU that this one can reach
 * @param accesses   dependent loads per timed chase
 * @param iterations timed chases per configuration
 * @param order      how the nodes are linked
 * @param seed       the random order's seed
 */
public record LatencyPlan(List<Long> sizes, List<LatencyTarget.Kind> kinds, long accesses, int iterations,
                          ChaseOrder order, long seed) {
    /**
     * One node per 128-byte line: the cache line of NVIDIA GPUs' L1 and L2 (and nvbandwidth's
     * stride), so each access is to a line no other node shares.
     */
    public static final int NODE_BYTES = 128;
    /** nvbandwidth's fixed latency buffer: 2 MiB. */
    public static final long DEFAULT_BYTES = 2L << 20;
    /**
     * Long enough that the launch around it is noise (over 100 ms at a microsecond an access;
     * the few microseconds of a launch are under 0.01% of it), short enough for a size sweep.
     */
    public static final long DEFAULT_ACCESSES = 100_000;
    public static final int DEFAULT_ITERATIONS = 5;
    public static final long DEFAULT_SEED = 1;
    /** What a chase's figure counts: nanoseconds per access. */
    static final String NANOSECONDS = "nanoseconds";
    /** The most nodes a cycle holds (an int index): 256 GiB of buffer. */
    static final long MAX_NODES = Integer.MAX_VALUE;

    /** @throws IllegalArgumentException saying which value is wrong, in the words of the options */
    public LatencyPlan {
        sizes = List.copyOf(sizes);
        kinds = List.copyOf(kinds);
        if (sizes.isEmpty()) {
            throw new IllegalArgumentException("no buffer size to measure");
        }
        for (long bytes : sizes) {
            if (bytes < NODE_BYTES || bytes % NODE_BYTES != 0) {
                throw new IllegalArgumentException("a latency buffer is a whole number of " + NODE_BYTES
                        + "-byte nodes (one per cache line), so " + bytes + " bytes cannot be one: use a multiple of "
                        + NODE_BYTES + " bytes, at least " + NODE_BYTES);
            }
            if (bytes / NODE_BYTES > MAX_NODES) {
                throw new IllegalArgumentException("a latency buffer holds at most " + MAX_NODES + " nodes ("
                        + MAX_NODES * NODE_BYTES + " bytes), not " + bytes + " bytes");
            }
        }
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("--target names no memory to chase");
        }
        if (accesses < 1) {
            throw new IllegalArgumentException("--accesses must be at least 1, not " + accesses);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
    }

    /** The nodes of a buffer of {@code bytes}. */
    public static int nodes(long bytes) {
        return (int) (bytes / NODE_BYTES);
    }

    public boolean wantsPeers() {
        return kinds.contains(LatencyTarget.Kind.PEER);
    }

    /** The targets on one GPU, peers (other GPUs' indices, in order) where peers were asked for. */
    public List<LatencyTarget> targets(List<Integer> peers) {
        List<LatencyTarget> out = new ArrayList<>();
        for (LatencyTarget.Kind k : kinds) {
            switch (k) {
                case HOST -> out.add(LatencyTarget.HOST);
                case DEVICE -> out.add(LatencyTarget.DEVICE);
                case PEER -> peers.forEach(p -> out.add(LatencyTarget.peer(p)));
            }
        }
        return List.copyOf(out);
    }

    /**
     * {@code target}'s configurations waived with {@code why}: one per size, each named as its row
     * would be ({@code host 4096 B}; {@code peer 4096 B} where no peer GPU can be named).
     */
    public List<Waiver> waived(String target, String why) {
        return sizes.stream().map(bytes -> new Waiver(LatencyResult.configuration(target, bytes), why)).toList();
    }

    /**
     * The identity of one chase's time per access, named {@code latency.TARGET.SIZE}. A peer target
     * is the word {@code peer} and the peer's index: the document's {@code gpu1} reads as a GPU
     * index, not a word.
     */
    public Identity identity(LatencyTarget target, long bytes, long accesses) {
        Identity.Builder id = Identity.of("latency", NANOSECONDS).with(IdentityField.TARGET, target.kind().label())
                .with(IdentityField.ORDER, order.label()).with(IdentityField.BYTES, bytes)
                .with(IdentityField.ACCESSES, accesses);
        if (target.kind() == LatencyTarget.Kind.PEER) {
            id.with(IdentityField.PEER, target.peer());
        }
        return id.build();
    }

    /**
     * The names this plan will produce, for {@code --expect} before anything runs.
     *
     * @param peers the GPUs whose memory may be chased as peers (a superset is fine: names are only checked)
     */
    public List<MetricDeclaration> declarations(List<Integer> peers) {
        List<MetricDeclaration> out = new ArrayList<>();
        Quantity ns = Quantity.of(NANOSECONDS).orElseThrow();
        for (LatencyTarget t : targets(peers)) {
            for (long bytes : sizes) {
                out.add(RunResult.declaration(ResultNames.of(identity(t, bytes, accesses)), ns, false));
            }
        }
        return out;
    }
}
