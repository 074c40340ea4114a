package dev.xfer.app.bandwidth;

import dev.xfer.app.report.Decimals;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
 * ({@code pinned.kernel.h2d.512MiB.blocks64}), before any node.
 */
public final class BandwidthMetrics {
    private BandwidthMetrics() {
    }

    /** The memory part of a name: the kind, followed by {@code .staged} on the staged path. */
    public static String label(String memory, CopyPath path) {
        return path == CopyPath.DRIVER ? memory : memory + "." + path.label();
    }

    public static String name(String memory, String direction, long bytes) {
        return memory + "." + direction + "." + ByteSize.ofBytes(bytes).format();
    }

    /** {@link #name(String, String, long)}, followed by {@code .node<N>} when {@code node} is given. */
    public static String name(String memory, String direction, long bytes, OptionalInt node) {
        return name(memory, direction, bytes, OptionalInt.empty(), node);
    }

    /** The name, with {@code .blocks<B>} when {@code blocks} is given and {@code .node<N>} when {@code node} is. */
    public static String name(String memory, String direction, long bytes, OptionalInt blocks, OptionalInt node) {
        return name(memory, direction, bytes) + (blocks.isPresent() ? ".blocks" + blocks.getAsInt() : "")
                + (node.isPresent() ? ".node" + node.getAsInt() : "");
    }

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
                                    out.add(host(name(label(memory.label(), path), d.label(), size, grid, node),
                                            linkKnown));
                                }
                            }
                        }
                        case BIDIR -> {
                            for (CopyPath path : plan.bidirPathsFor(memory)) {
                                for (OptionalInt grid : grids(plan, path)) {
                                    String label = label(memory.label(), path);
                                    out.add(host(name(label, "bidir-h2d", size, grid, node), linkKnown));
                                    out.add(host(name(label, "bidir-d2h", size, grid, node), linkKnown));
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
                        out.add(MetricDeclaration.of(name(label("device", path), "d2d", size, grid, node),
                                MetricUnit.GBPS));
                    }
                }
            }
        }
        return out;
    }

    private static MetricDeclaration host(String name, boolean linkKnown) {
        return linkKnown ? MetricDeclaration.overLink(name) : MetricDeclaration.of(name, MetricUnit.GBPS);
    }

    public static RunResults results(BandwidthReport report, OptionalDouble linkGBps) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        boolean withNode = report.placement().namesCarryNode();
        for (BandwidthResult r : report.results()) {
            OptionalInt grid = report.plan().blocks().given() && r.shape().isPresent()
                    ? OptionalInt.of(r.shape().get().blocks()) : OptionalInt.empty();
            String name = name(label(r.memory(), r.copy()), r.direction(), r.bytes(), grid,
                    withNode ? r.numaNode() : OptionalInt.empty());
            double gbps = r.gigabytesPerSecond().median();
            boolean overLink = !r.direction().equals("d2d") && linkGBps.isPresent();
            metrics.add(overLink ? Metric.overLink(name, gbps, linkGBps.getAsDouble())
                    : Metric.of(name, gbps, MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                    "%d bytes: median %s GB/s (min %s, max %s) over %d copies", r.bytes(), Decimals.fixed(gbps, 2),
                    Decimals.fixed(r.gigabytesPerSecond().min(), 2), Decimals.fixed(r.gigabytesPerSecond().max(), 2),
                    r.gigabytesPerSecond().n()),
                    r.verified() ? Optional.empty() : Optional.of(failure(report, r))));
        }
        return new RunResults("bandwidth", metrics, configurations);
    }

    private static String failure(BandwidthReport report, BandwidthResult r) {
        return report.failures().stream()
                .filter(f -> f.numaNode().equals(r.numaNode()))
                .map(VerificationFailure::describe)
                .filter(f -> f.startsWith(r.path() + " ") && f.contains(" " + r.bytes() + " B"))
                .filter(f -> r.copy() != CopyPath.DRIVER || (!f.startsWith(r.memory() + " " + CopyPath.STAGED.label() + " ")
                        && !f.startsWith(r.memory() + " " + CopyPath.KERNEL.label() + " ")))
                .findFirst().orElse("data came back wrong");
    }
}
