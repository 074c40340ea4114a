package dev.xfer.app.doctor.probe;

import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BlockCounts;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.RowDirection;
import dev.xfer.app.doctor.HostReads;
import dev.xfer.app.doctor.NumaCheck;
import dev.xfer.app.doctor.ProbeFigures;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.host.CpuSet;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Doctor's short probe of one GPU, through the bandwidth benchmark (it never prints and times
 * no copy to the GPU itself): pageable and pinned host-to-device at {@value #SIZE_MIB} MiB on the
 * driver's path, pageable through the staged path with its two ceilings, and, where the host has
 * several NUMA nodes, pinned copies from the GPU's node and from another; then the host's reads of
 * write-combined and cached pinned memory ({@link HostReadProbe}). Each configuration warms up for
 * at least 200 ms: a few seconds a GPU, within the 15 s (DoctorOnGpuTest checks it).
 */
public final class DoctorProbe {
    static final int SIZE_MIB = 64;
    static final long SIZE = (long) SIZE_MIB << 20;
    static final int ITERATIONS = 5;
    static final int WARMUP = 2;
    /** What the evidence says of how the rates were measured. */
    static final String HOW = SIZE_MIB + " MiB h2d, median of " + ITERATIONS + " copies after " + WARMUP
            + " (CUDA events)";

    private final CudaDevice device;
    private final OptionalDouble linkGBps;

    public DoctorProbe(CudaDevice device, OptionalDouble linkGBps) {
        this.device = device;
        this.linkGBps = linkGBps;
    }

    /** The plan of the main probe: pageable and pinned, driver and staged, h2d. */
    static BandwidthPlan plan() {
        return new BandwidthPlan(List.of(SIZE), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), ITERATIONS, WARMUP, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.STAGED), BandwidthPlan.DEFAULT_STAGING, BlockCounts.DEFAULT);
    }

    /** The plan of one NUMA pass: pinned h2d alone. */
    static BandwidthPlan pinnedPlan() {
        return new BandwidthPlan(List.of(SIZE), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D),
                ITERATIONS, WARMUP, CopyTimer.EVENTS, List.of(CopyPath.DRIVER), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.DEFAULT);
    }

    /**
     * Measures the GPU.
     *
     * @param numa    the host's nodes
     * @param gpuNode the GPU's node; empty when unknown (then near and far are not measured)
     */
    public ProbeFigures measure(NumaTopology numa, OptionalInt gpuNode) {
        long start = System.nanoTime();
        BandwidthBenchmark benchmark = new BandwidthBenchmark(device, linkGBps);
        List<BandwidthResult> results = benchmark.run(plan()).results();
        BandwidthResult pinned = find(results, HostMemoryKind.PINNED, CopyPath.DRIVER);
        BandwidthResult pageable = find(results, HostMemoryKind.PAGEABLE, CopyPath.DRIVER);
        Optional<BandwidthResult> staged = results.stream()
                .filter(r -> r.memory().host().equals(Optional.of(HostMemoryKind.PAGEABLE)) && r.copy() == CopyPath.STAGED).findFirst();
        Optional<NumaCheck.NearFar> nearFar = nearFar(benchmark, numa, gpuNode);
        Reading<HostReads> hostReads = new HostReadProbe(device).measure();
        return new ProbeFigures(pinned.gigabytesPerSecond().median(), pageable.gigabytesPerSecond().median(),
                staged.map(r -> OptionalDouble.of(r.gigabytesPerSecond().median())).orElse(OptionalDouble.empty()),
                staged.flatMap(BandwidthResult::ceiling).map(c -> OptionalDouble.of(c.h2hGbps().median()))
                        .orElse(OptionalDouble.empty()),
                staged.flatMap(BandwidthResult::ceiling).map(c -> OptionalDouble.of(c.pinnedGbps().median()))
                        .orElse(OptionalDouble.empty()),
                nearFar, HOW, (System.nanoTime() - start) / 1e9, hostReads);
    }

    private static Optional<NumaCheck.NearFar> nearFar(BandwidthBenchmark benchmark, NumaTopology numa,
                                                       OptionalInt gpuNode) {
        if (numa.assumed() || numa.isSingleNode() || gpuNode.isEmpty()) {
            return Optional.empty();
        }
        int near = gpuNode.getAsInt();
        Optional<NumaNode> far = numa.nodes().stream()
                .filter(n -> n.id() != near && n.memTotalBytes().orElse(1) > 0).findFirst();
        Optional<NumaNode> own = numa.node(near);
        if (far.isEmpty() || own.isEmpty()) {
            return Optional.empty();
        }
        double nearGBps = pinnedOn(benchmark, own.get());
        double farGBps = pinnedOn(benchmark, far.get());
        return Optional.of(new NumaCheck.NearFar(near, nearGBps, far.get().id(), farGBps));
    }

    private static double pinnedOn(BandwidthBenchmark benchmark, NumaNode node) {
        NodeTarget target = NodeTarget.on(node.id(), node.cpus().orElse(CpuSet.empty()));
        return find(benchmark.run(pinnedPlan(), target).results(), HostMemoryKind.PINNED, CopyPath.DRIVER)
                .gigabytesPerSecond().median();
    }

    private static BandwidthResult find(List<BandwidthResult> results, HostMemoryKind memory, CopyPath path) {
        return results.stream().filter(r -> r.memory().host().equals(Optional.of(memory)) && r.copy() == path
                        && r.direction() == RowDirection.H2D).findFirst()
                .orElseThrow(() -> new IllegalStateException("the probe measured no " + memory + " h2d row"));
    }
}
