package dev.xfer.app.result;

import dev.xfer.app.units.ByteSize;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The short names users give results in {@code --expect}, JUnit test cases and text reports,
 * derived from a result's {@link Identity} alone, one rule per kind of result. They leave out
 * what one run holds fixed (overlap's streams, the timer, ...), which is how users' scripts have
 * always named results; {@link Identity#name()} is the full name that leaves nothing out.
 * <ul>
 *   <li>a copy to or from the host, or within a GPU: {@code MEMORY[.PATH].DIRECTION.SIZE}, then
 *       {@code .blocks<B>} where the run names grids and {@code .node<N>} where it names nodes
 *       ({@code pinned.h2d.16MiB}, {@code pageable.staged.h2d.64MiB},
 *       {@code pinned.kernel.h2d.512MiB.blocks64.node1}); the driver's path is left out;</li>
 *   <li>GPUs copying at once: {@code concurrent.MEMORY.DIRECTION.SIZE.gpuN}, or {@code .all} for
 *       the aggregate;</li>
 *   <li>a copy between GPUs: {@code p2p[-bidir][-read][.PATH].SRC-DST.SIZE}, {@code -bidir} for
 *       both ways at once, {@code -read} for the copy issued by the receiving GPU;</li>
 *   <li>a pointer chase: {@code latency.TARGET.SIZE}, a peer's memory named by its GPU
 *       ({@code gpu1});</li>
 *   <li>a check scenario's wrong trials: {@code check.SCENARIO.wrong};</li>
 *   <li>an overlap schedule's figure: {@code overlap.SCHEDULE.FIGURE} ({@code ms}, {@code speedup},
 *       {@code efficiency}, {@code error}), then {@code .node<N>} where the run names nodes.</li>
 * </ul>
 * {@code RunNamesPropertiesTest} checks, over the identities each engine builds, that two results
 * of one run share a name exactly when their identities agree on every field the run lets vary.
 */
public final class ResultNames {
    /** The measured field of the rate of both copies between two GPUs at once. */
    private static final String BOTH_WAYS = "bidirGbps";
    /** Overlap's measured fields, as the document names them, and the last segment of their names. */
    private static final Map<String, String> OVERLAP_FIGURES = Map.of("milliseconds", "ms", "speedup", "speedup",
            "efficiency", "efficiency", "maxError", "error");

    private ResultNames() {
    }

    /** The name with every field a name of its kind can show: grids and nodes where the identity has them. */
    public static String of(Identity identity) {
        return of(identity, true, true);
    }

    /**
     * The name, showing a copy kernel's grid only where {@code gridNamed} (the run gave
     * {@code --blocks}) and the NUMA node only where {@code nodeNamed} (the run measured each node
     * of {@code --numa-node all}): a run that named neither keeps its names.
     */
    public static String of(Identity identity, boolean gridNamed, boolean nodeNamed) {
        String node = nodeNamed ? counted("node", identity.numaNode()) : "";
        return switch (identity.command()) {
            case "check" -> "check." + identity.word(IdentityField.SCENARIO).orElseThrow() + ".wrong";
            case "latency" -> "latency." + latencyTarget(identity) + "." + size(identity);
            case "overlap" -> "overlap." + identity.word(IdentityField.SCHEDULE).orElseThrow() + "."
                    + OVERLAP_FIGURES.get(identity.measured()) + node;
            case Identity.BANDWIDTH -> bandwidth(identity, gridNamed, node);
            default -> throw new IllegalArgumentException("no short name for a result of " + identity.command());
        };
    }

    /**
     * The names of a run that names grids where {@code gridNamed} and nodes where {@code nodeNamed}
     * ({@link #of(Identity, boolean, boolean)}), as it hands its results on: a copy's time, which a
     * row holds beside its rate, is handed on by no name; a row's configuration is
     * {@link #configuration}.
     */
    public static RunNames run(boolean gridNamed, boolean nodeNamed) {
        return new RunNames() {
            @Override
            public Optional<String> name(Identity identity) {
                return named(identity, gridNamed, nodeNamed);
            }

            @Override
            public String configuration(Identity identity) {
                return ResultNames.configuration(identity, gridNamed, nodeNamed);
            }
        };
    }

    /**
     * The configuration (the JUnit case) a row stands for, from its first result: an overlap
     * schedule's and a check scenario's are their figures' names without the figure
     * ({@code overlap.v1}, {@code overlap.v1.node0}, {@code check.d2h-sync}); a copy's or a chase's
     * is its result's name.
     */
    private static String configuration(Identity identity, boolean gridNamed, boolean nodeNamed) {
        return switch (identity.command()) {
            case "check" -> "check." + identity.word(IdentityField.SCENARIO).orElseThrow();
            case "overlap" -> "overlap." + identity.word(IdentityField.SCHEDULE).orElseThrow()
                    + (nodeNamed ? counted("node", identity.numaNode()) : "");
            default -> of(identity, gridNamed, nodeNamed);
        };
    }

    /**
     * The name a run hands a result to {@code --expect} under, as {@link #of(Identity, boolean, boolean)};
     * empty for a figure users do not select by name, which a row holds beside the one they do: a
     * copy's time beside its rate.
     */
    private static Optional<String> named(Identity identity, boolean gridNamed, boolean nodeNamed) {
        boolean named = !identity.command().equals(Identity.BANDWIDTH)
                || Quantity.of(identity.measured()).filter(Quantity.GIGABYTES_PER_SECOND::equals).isPresent();
        return named ? Optional.of(of(identity, gridNamed, nodeNamed)) : Optional.empty();
    }

    private static String bandwidth(Identity identity, boolean gridNamed, String node) {
        String direction = identity.direction().orElseThrow();
        if (identity.word(IdentityField.PATTERN).filter("concurrent"::equals).isPresent()) {
            OptionalLong gpu = identity.number(IdentityField.GPU);
            return "concurrent." + identity.memory().orElseThrow() + "." + direction + "." + size(identity) + "."
                    + (gpu.isPresent() ? "gpu" + gpu.getAsLong() : "all");
        }
        String path = identity.copy().filter(p -> !p.equals(Identity.DRIVER)).map(p -> "." + p).orElse("");
        if (direction.equals("p2p")) {
            return (identity.measured().equals(BOTH_WAYS) ? "p2p-bidir" : "p2p")
                    + identity.word(IdentityField.INITIATION).map(i -> "-" + i).orElse("") + path + "."
                    + identity.number(IdentityField.SRC).orElseThrow() + "-"
                    + identity.number(IdentityField.DST).orElseThrow() + "." + size(identity);
        }
        return identity.memory().orElseThrow() + path + "." + direction + "." + size(identity)
                + (gridNamed ? counted("blocks", identity.number(IdentityField.BLOCKS)) : "")
                + counted("pieces", identity.number(IdentityField.PIECES)) + node;
    }

    /** A peer's memory is named by its GPU ({@code gpu1}), host and device memory by the target. */
    private static String latencyTarget(Identity identity) {
        OptionalLong peer = identity.number(IdentityField.PEER);
        return peer.isPresent() ? "gpu" + peer.getAsLong() : identity.word(IdentityField.TARGET).orElseThrow();
    }

    private static String size(Identity identity) {
        return ByteSize.ofBytes(identity.bytes().orElseThrow()).format();
    }

    /** {@code .<prefix><n>} where the count is present, else nothing. */
    private static String counted(String prefix, OptionalLong n) {
        return n.isPresent() ? "." + prefix + n.getAsLong() : "";
    }
}
