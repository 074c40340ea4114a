package dev.xfer.app.bandwidth;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.Statistics;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Bandwidth results by name, {@code <memory>.<direction>.<size>} (e.g. {@code pinned.h2d.16MiB},
 * {@code pinned.bidir-d2h.4GiB}, {@code device.d2d.16MiB}), each the median GB/s; xfer's staged
 * path has {@code .staged} after the memory ({@code pageable.staged.h2d.64MiB}), so that
 * {@code pageable.h2d} still means the driver's. With
 * {@code --numa-node all} every configuration is measured once per node, and its names end in the
 * node: {@code pinned.h2d.16MiB.node1}, so that {@code pinned.h2d} still selects them all.
 * The copy kernel's results have {@code .kernel} after the memory ({@code pinned.kernel.h2d.512MiB},
 * {@code device.kernel.d2d.1GiB}); with {@code --blocks} each grid is named after the size
 * ({@code pinned.kernel.h2d.512MiB.blocks64}), before any node; the kernel's bidir rows, whose grid
 * comes from the size, never carry one.
 */
public final class BandwidthMetrics {
    private BandwidthMetrics() {
    }

    /**
     * The identity of a copy's bandwidth: what the document's row says of it, as
     * {@link dev.xfer.app.output.DocumentResults} reads it back.
     */
    public static Identity identity(String memory, CopyPath path, String direction, long bytes, CopyTimer timer,
                                    OptionalInt grid, OptionalInt threadsPerBlock, OptionalInt node) {
        Identity.Builder id = Identity.of(Identity.BANDWIDTH, GBPS).with(IdentityField.MEMORY, memory)
                .with(IdentityField.COPY, path.label()).with(IdentityField.DIRECTION, direction)
                .with(IdentityField.BYTES, bytes).with(IdentityField.TIMER, timer.label());
        grid.ifPresent(b -> id.with(IdentityField.BLOCKS, b));
        threadsPerBlock.ifPresent(t -> id.with(IdentityField.BLOCK_SIZE, t));
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        return id.build();
    }

    /** The document's field of a copy's rate, the result every bandwidth name selects. */
    private static final String GBPS = "gbps";

    /**
     * The grid part of the names of {@code path}'s results: one empty entry where names carry no
     * grid (other paths, or no {@code --blocks}), else each count (none while they depend on the
     * SM count of a device not yet known).
     */
    private static List<OptionalInt> grids(BandwidthPlan plan, CopyPath path) {
        if (path != CopyPath.KERNEL || !plan.blocks().given()) {
            return List.of(OptionalInt.empty());
        }
        return plan.blocks().fixed().orElse(List.of()).stream().map(OptionalInt::of).toList();
    }

    /**
     * {@link #grids} for bidir rows: the kernel's bidir in one vector per thread takes its grid from
     * the size, not {@code --blocks}, so it has one row pair per memory and size, named without a grid.
     */
    private static List<OptionalInt> bidirGrids(BandwidthPlan plan, CopyPath path) {
        return oneVectorBidir(plan, path, "bidir") ? List.of(OptionalInt.empty()) : grids(plan, path);
    }

    private static boolean oneVectorBidir(BandwidthPlan plan, CopyPath path, String direction) {
        return path == CopyPath.KERNEL && direction.startsWith("bidir")
                && plan.kernelTiming().bidir() == KernelTiming.Bidir.ONE_VECTOR;
    }

    /** The names a plan will produce, before anything is measured. */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, boolean linkKnown) {
        return declare(plan, linkKnown, List.of());
    }

    /**
     * The names a plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, boolean linkKnown, List<Integer> nameNodes) {
        if (nameNodes.isEmpty()) {
            return declareOnce(plan, linkKnown, OptionalInt.empty());
        }
        List<MetricDeclaration> out = new ArrayList<>();
        for (int node : nameNodes) {
            out.addAll(declareOnce(plan, linkKnown, OptionalInt.of(node)));
        }
        return out;
    }

    private static List<MetricDeclaration> declareOnce(BandwidthPlan plan, boolean linkKnown, OptionalInt node) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (HostMemoryKind memory : plan.memories()) {
                for (CopyDirection d : plan.directions()) {
                    switch (d) {
                        case H2D, D2H -> {
                            for (CopyPath path : plan.pathsFor(memory)) {
                                for (OptionalInt grid : grids(plan, path)) {
                                    out.add(declared(plan, memory.label(), path, d.label(), size, grid, node,
                                            linkKnown));
                                }
                            }
                        }
                        case BIDIR -> {
                            for (CopyPath path : plan.bidirPathsFor(memory)) {
                                for (OptionalInt grid : bidirGrids(plan, path)) {
                                    for (String way : List.of("bidir-h2d", "bidir-d2h")) {
                                        out.add(declared(plan, memory.label(), path, way, size, grid, node, linkKnown));
                                    }
                                }
                            }
                        }
                        case D2D, P2P -> { }
                    }
                }
            }
            if (plan.directions().contains(CopyDirection.D2D)) {
                for (CopyPath path : plan.deviceCopyPaths()) {
                    for (OptionalInt grid : grids(plan, path)) {
                        out.add(declared(plan, "device", path, "d2d", size, grid, node, false));
                    }
                }
            }
        }
        return out;
    }

    /** A planned result's declaration: named from its identity as the measured one will be. */
    private static MetricDeclaration declared(BandwidthPlan plan, String memory, CopyPath path, String direction,
                                              long size, OptionalInt grid, OptionalInt node, boolean overLink) {
        Identity id = identity(memory, path, direction, size, plan.timer(), grid, OptionalInt.empty(), node);
        return RunResult.declaration(ResultNames.of(id), Quantity.GIGABYTES_PER_SECOND, overLink);
    }

    public static RunResults results(BandwidthResults report, OptionalDouble linkGBps) {
        List<RunResult> out = new ArrayList<>();
        boolean gridNamed = report.plan().blocks().given();
        boolean nodeNamed = report.placement().namesCarryNode();
        for (BandwidthResult r : report.results()) {
            Identity id = identity(r.memory(), r.copy(), r.direction(), r.bytes(), report.plan().timer(),
                    r.shape().map(s -> OptionalInt.of(s.blocks())).orElse(OptionalInt.empty()),
                    r.shape().map(s -> OptionalInt.of(s.threadsPerBlock())).orElse(OptionalInt.empty()),
                    r.numaNode());
            RunResult.Measured result = RunResult.measured(id, RunResult.statistics(r.gigabytesPerSecond()),
                    r.verified() ? CheckOutcome.PASSED : CheckOutcome.failed(failure(report, r)));
            boolean overLink = !r.direction().equals("d2d") && linkGBps.isPresent();
            boolean named = gridNamed && !oneVectorBidir(report.plan(), r.copy(), r.direction());
            out.add(RunResult.configuration(ResultNames.of(id, named, nodeNamed), result,
                    overLink ? linkGBps : OptionalDouble.empty()));
        }
        // A configuration whose samples gave no figure is a failed result with its reason, named as its
        // row would be: the run fails (exit 1), JUnit and --expect say why, and nothing in it can pass.
        for (Unmeasured u : report.unmeasured()) {
            Identity id = identity(u.memory(), u.copy(), u.direction(), u.bytes(), report.plan().timer(),
                    u.shape().map(s -> OptionalInt.of(s.blocks())).orElse(OptionalInt.empty()),
                    u.shape().map(s -> OptionalInt.of(s.threadsPerBlock())).orElse(OptionalInt.empty()),
                    u.numaNode());
            RunResult.Measured result = RunResult.measured(id, NOT_MEASURED, CheckOutcome.failed(u.reason()));
            boolean named = gridNamed && !oneVectorBidir(report.plan(), u.copy(), u.direction());
            out.add(RunResult.configuration(ResultNames.of(id, named, nodeNamed), result, OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth", out);
    }

    /** The statistics of a configuration that gave no figure: no sample, no value. */
    private static final Statistics NOT_MEASURED = new Statistics(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, List.of());

    private static String failure(BandwidthResults report, BandwidthResult r) {
        return report.failures().stream()
                .filter(f -> f.numaNode().equals(r.numaNode()))
                .map(VerificationFailure::describe)
                .filter(f -> f.startsWith(r.path() + " ") && f.contains(" " + r.bytes() + " B"))
                .filter(f -> r.copy() != CopyPath.DRIVER || (!f.startsWith(r.memory() + " " + CopyPath.STAGED.label() + " ")
                        && !f.startsWith(r.memory() + " " + CopyPath.KERNEL.label() + " ")))
                .findFirst().orElse("data came back wrong");
    }
}
