package dev.xfer.app.batch;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.RunNames;
import dev.xfer.app.staging.HostCopy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A batch run: {@code count} buffers of {@code bytes} each, copied host to device by every
 * strategy, {@code iterations} timed runs each after warm-up.
 *
 * @param threads      pinning threads for pin-threads, staging threads for staged
 * @param stagingSlots pinned slots in each staged thread's ring
 * @param stagingBytes bytes per staging slot
 * @param copyThreads  threads that share each host copy into pinned memory in pin-then-copy, as
 *                     PyTorch's intra-op threads do in {@code pin_memory()}
 * @param hostCopy     what moves host bytes into pinned memory
 */
public record BatchPlan(int count, long bytes, List<BatchStrategy> strategies, int threads, int iterations,
                        int warmup, int stagingSlots, long stagingBytes, int copyThreads, HostCopy hostCopy) {
    /** The tutorial's many-small-tensors case: 1000 x 1000 floats. */
    public static final long SMALL_BYTES = 1000L * Float.BYTES;
    /** The tutorial's large case: 1000 x 1,000,000 floats. */
    public static final long LARGE_BYTES = 1_000_000L * Float.BYTES;
    public static final int PRESET_COUNT = 1000;

    public BatchPlan {
        strategies = List.copyOf(strategies);
        if (count < 1) {
            throw new IllegalArgumentException("--count must be at least 1, not " + count);
        }
        if (bytes < 1) {
            throw new IllegalArgumentException("--size must be at least 1 byte");
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("--strategies needs at least one strategy");
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be 1 to 256, not " + threads);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        if (stagingSlots < 1 || stagingSlots > 1024) {
            throw new IllegalArgumentException("--staging-slots must be 1 to 1024, not " + stagingSlots);
        }
        if (stagingBytes < 1) {
            throw new IllegalArgumentException("--staging-size must be at least 1 byte");
        }
        java.util.Objects.requireNonNull(hostCopy, "hostCopy");
        if (copyThreads < 1 || copyThreads > 256) {
            throw new IllegalArgumentException("--copy-threads must be 1 to 256, not " + copyThreads);
        }
    }

    /** With libc's memcpy. */
    public BatchPlan(int count, long bytes, List<BatchStrategy> strategies, int threads, int iterations, int warmup,
                     int stagingSlots, long stagingBytes, int copyThreads) {
        this(count, bytes, strategies, threads, iterations, warmup, stagingSlots, stagingBytes, copyThreads,
                HostCopy.LIBC);
    }

    /** With one copy thread per core and libc's memcpy. */
    public BatchPlan(int count, long bytes, List<BatchStrategy> strategies, int threads, int iterations, int warmup,
                     int stagingSlots, long stagingBytes) {
        this(count, bytes, strategies, threads, iterations, warmup, stagingSlots, stagingBytes, defaultCopyThreads());
    }

    /** One per core, as PyTorch's intra-op threads (one per physical core). */
    public static int defaultCopyThreads() {
        return Math.min(256, Runtime.getRuntime().availableProcessors());
    }

    /** Bytes one strategy run moves. */
    public long totalBytes() {
        return Math.multiplyExact(bytes, (long) count);
    }

    public boolean needsPageableSources() {
        return strategies.stream().anyMatch(BatchStrategy::readsPageable);
    }

    public boolean needsPinnedSources() {
        return strategies.stream().anyMatch(s -> !s.readsPageable());
    }

    static final String MILLISECONDS = "milliseconds";
    static final String GBPS = "gbps";

    /** The names this plan will produce on one run, for {@code --expect} before anything runs. */
    public List<MetricDeclaration> declarations() {
        return declarations(List.of());
    }

    /**
     * The names this plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public List<MetricDeclaration> declarations(List<Integer> nameNodes) {
        List<OptionalInt> passes = nameNodes.isEmpty() ? List.of(OptionalInt.empty())
                : nameNodes.stream().map(OptionalInt::of).toList();
        List<MetricDeclaration> out = new ArrayList<>();
        for (OptionalInt node : passes) {
            for (BatchStrategy s : strategies) {
                for (String measured : List.of(MILLISECONDS, GBPS)) {
                    out.add(RunResult.declaration(name(identity(s, node, measured), true),
                            Quantity.of(measured).orElseThrow(), false));
                }
            }
        }
        return out;
    }

    /** The identity of a strategy's time for the whole batch, or its rate. */
    public Identity identity(BatchStrategy strategy, OptionalInt node, String measured) {
        Identity.Builder id = Identity.of("batch", measured).with(IdentityField.STRATEGY, strategy.label())
                .with(IdentityField.COUNT, count).with(IdentityField.BYTES, bytes)
                .with(IdentityField.THREADS, threads);
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        return id.build();
    }

    /**
     * {@code batch.<strategy>.ms} (median) or {@code .gbps}, then {@code .node<N>} where the run
     * names nodes: with {@code --numa-node all} the plan runs once per node and every name ends in
     * the node, {@code batch.pinned-async.gbps.node1}, so that {@code batch.pinned-async.gbps} still
     * selects them all.
     */
    public static String name(Identity identity, boolean nodeNamed) {
        String last = identity.measured().equals(GBPS) ? "gbps" : "ms";
        return NumaNodeOption.withNode(base(identity) + "." + last, node(identity, nodeNamed));
    }

    /**
     * The names a run hands its results on under ({@link #name}), each strategy's time standing
     * for its configuration, {@code batch.<strategy>} (then {@code .node<N>} where the run names nodes).
     */
    static RunNames names(boolean nodeNamed) {
        return new RunNames() {
            @Override
            public Optional<String> name(Identity identity) {
                return Optional.of(BatchPlan.name(identity, nodeNamed));
            }

            @Override
            public String configuration(Identity identity) {
                return NumaNodeOption.withNode(base(identity), node(identity, nodeNamed));
            }
        };
    }

    /** {@code batch.<strategy>}: the configuration a strategy's results stand for. */
    private static String base(Identity identity) {
        return "batch." + identity.word(IdentityField.STRATEGY).orElseThrow();
    }

    /** The node a name ends in: the result's, where the run names nodes. */
    private static OptionalInt node(Identity identity, boolean nodeNamed) {
        return nodeNamed && identity.numaNode().isPresent()
                ? OptionalInt.of(Math.toIntExact(identity.numaNode().getAsLong())) : OptionalInt.empty();
    }
}
