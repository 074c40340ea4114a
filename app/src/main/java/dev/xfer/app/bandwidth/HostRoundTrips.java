package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.staging.StagingTeam;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The host memory rows of one size and memory kind, by each copy path of the plan: the pattern
 * goes over and back (H2D, the host buffer poisoned, D2H) and must come back equal; a direction
 * that is not measured still runs once, untimed, so the round trip is always checked. Who copies
 * is a {@link CopyInitiator}; the samples go through the run's one loop ({@link SampleRuns}) and
 * the rows through {@link RunRows}.
 */
final class HostRoundTrips {
    private final CudaDevice device;
    private final BandwidthPlan plan;
    private final SampleRuns samples;
    private final RunRows rows;
    private final PlacedHost hosts;
    private final SampleClock onLegacy;
    private final CudaStream legacy;
    private final SampleClock onOwn;
    private final CudaStream own;
    private final java.util.Set<CopyPath> absent;
    private final StagingTeam team;
    private final List<KernelInitiator> kernels;
    private final List<KernelInitiator> tmas;
    private final KernelReach reach;
    private final BidirectionalRun bidir;
    private final boolean measureH2d;
    private final boolean measureD2h;

    /**
     * @param onLegacy the plan's timer for copies queued on {@code legacy}, as every one-way copy is
     * @param team     the staging lanes; null unless the plan has the staged path
     * @param onGrids  each path launched on grids (the copy kernel, the TMA copy) in each of its
     *                 grids; a path is missing unless the plan has it and the
     *                 device can run it (its configurations are waived otherwise)
     * @param reach    what the kernel and the TMA copy can reach; null unless the plan has either path
     * @param onOwn    the plan's timer for copies queued on {@code own}, a stream of the run's
     *                 own that the batch API takes (it refuses the legacy stream)
     * @param absent   the paths this device or runtime cannot run (batch-api without the call, TMA
     *                 below 9.0): their configurations are waived, never launched
     */
    HostRoundTrips(CudaDevice device, BandwidthPlan plan, SampleRuns samples, RunRows rows, PlacedHost hosts,
                   SampleClock onLegacy, CudaStream legacy, StagingTeam team,
                   Map<CopyPath, List<KernelInitiator>> onGrids, KernelReach reach, BidirectionalRun bidir, SampleClock onOwn,
                   CudaStream own, java.util.Set<CopyPath> absent) {
        this.device = device;
        this.plan = plan;
        this.samples = samples;
        this.rows = rows;
        this.hosts = hosts;
        this.onLegacy = onLegacy;
        this.legacy = legacy;
        this.onOwn = onOwn;
        this.own = own;
        this.absent = java.util.Set.copyOf(absent);
        this.team = team;
        this.kernels = List.copyOf(onGrids.getOrDefault(CopyPath.KERNEL, List.of()));
        this.tmas = List.copyOf(onGrids.getOrDefault(CopyPath.TMA, List.of()));
        this.reach = reach;
        this.bidir = bidir;
        this.measureH2d = plan.directions().contains(CopyDirection.H2D);
        this.measureD2h = plan.directions().contains(CopyDirection.D2H);
    }

    /** Every path of the plan for {@code memory}, in the plan's order, but those this device cannot run (waived). */
    void measure(HostMemoryKind memory, long size, MemorySegment reference) {
        for (CopyPath path : plan.pathsFor(memory)) {
            if (!absent.contains(path)) {
                path.measure(this, memory, size, reference);
            }
        }
    }

    /**
     * The driver's round trip on each of the plan's host allocations in turn (one device buffer
     * for all, so only host placement differs); each direction keeps its best allocation's
     * samples, and the data must come back right from every allocation. Then bidir.
     */
    void driver(HostMemoryKind memory, long size, MemorySegment reference) {
        CopyEngineInitiator engine = new CopyEngineInitiator(memory.isPageLocked(), onLegacy, legacy);
        int count = plan.allocations();
        List<double[]> h2d = new ArrayList<>();
        List<double[]> d2h = new ArrayList<>();
        List<Optional<HostMemoryNodes>> pages = new ArrayList<>();
        boolean ok = true;
        try (DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
            for (int k = 0; k < count; k++) {
                String which = count == 1 ? "" : " (allocation " + (k + 1) + " of " + count + ")";
                try (HostBuffer host = memory.allocate(size)) {
                    MemorySegment hostSeg = hosts.filled(memory, host, reference, size);
                    pages.add(hosts.where(hostSeg));
                    // The warm-up's time is for the JIT, which the first allocation has warmed; later ones
                    // need only the copies that first touch their pages.
                    long warmNanos = k == 0 ? plan.warmupNanos() : 0;
                    h2d.add(samples.acrossLink(CopyDirection.H2D, driverName(memory, "h2d", size) + which,
                            size, warmNanos, measureH2d,
                            engine.sampleOf(new CopyEnds(CopyDirection.H2D, dev, hostSeg, size))));
                    DataPattern.poison(hostSeg);
                    d2h.add(samples.acrossLink(CopyDirection.D2H, driverName(memory, "d2h", size) + which,
                            size, warmNanos, measureD2h,
                            engine.sampleOf(new CopyEnds(CopyDirection.D2H, dev, hostSeg, size))));
                    ok &= rows.verify(CheckedConfiguration.roundTrip(memory, CopyPath.DRIVER, Optional.empty(),
                            OptionalInt.empty(), size), which, hostSeg, reference);
                }
            }
        }
        rows.addBestOf(memory, size, h2d, d2h, ok, pages);
        if (bidirFor(memory)) {
            // Both directions at once need asynchronous copies, whatever one direction alone uses.
            bidir.byDriver(memory, size, reference, new CopyEngineInitiator(true, onLegacy, legacy));
        }
    }

    // Each configuration named as its row and its FAILED line name it (ConfigurationLabel).
    private static String driverName(HostMemoryKind memory, String direction, long size) {
        return ConfigurationLabel.of(memory, CopyPath.DRIVER, Optional.empty(), direction, size).text();
    }

    private static String stagedName(HostMemoryKind memory, String direction, long size) {
        return ConfigurationLabel.of(memory, CopyPath.STAGED, Optional.empty(), direction, size).text();
    }

    private static String gridName(HostMemoryKind memory, KernelInitiator by, String direction, long size) {
        return ConfigurationLabel.of(memory, by.path(), Optional.of(by.shape()), direction, size).text();
    }

    /**
     * The staged round trip: first each measured direction's two ceilings (they write over the
     * host buffer and the device), then the pattern again, H2D, poison, D2H, and the check.
     */
    void staged(HostMemoryKind memory, long size, MemorySegment reference) {
        try (HostBuffer host = memory.allocate(size);
             DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
            MemorySegment hostSeg = hosts.filled(memory, host, reference, size);
            Optional<HostMemoryNodes> pages = hosts.where(hostSeg);
            CopyEnds toDevice = new CopyEnds(CopyDirection.H2D, dev, hostSeg, size);
            CopyEnds toHost = new CopyEnds(CopyDirection.D2H, dev, hostSeg, size);
            Optional<RunRows.CeilingSamples> up = measureH2d
                    ? Optional.of(ceiling(toDevice, stagedName(memory, "h2d", size))) : Optional.empty();
            Optional<RunRows.CeilingSamples> down = measureD2h
                    ? Optional.of(ceiling(toHost, stagedName(memory, "d2h", size))) : Optional.empty();
            MemorySegment.copy(reference, 0, hostSeg, 0, size);
            StagedInitiator staged = new StagedInitiator(team, StagingTeam.Part.STAGED);
            double[] h2d = samples.of(stagedName(memory, "h2d", size), measureH2d, staged.sampleOf(toDevice));
            DataPattern.poison(hostSeg);
            double[] d2h = samples.of(stagedName(memory, "d2h", size), measureD2h, staged.sampleOf(toHost));
            boolean ok = rows.verify(CheckedConfiguration.roundTrip(memory, CopyPath.STAGED, Optional.empty(),
                    OptionalInt.empty(), size), hostSeg, reference);
            rows.addStaged(memory, size, h2d, d2h, ok, pages, up, down);
        }
    }

    /** The host copies alone, then the copy engine alone, through the same lanes and slots. */
    private RunRows.CeilingSamples ceiling(CopyEnds ends, String configuration) {
        double[] h2h = samples.of(configuration + " (h2h alone)", true,
                new StagedInitiator(team, StagingTeam.Part.HOST_ONLY).sampleOf(ends));
        double[] pinned = samples.of(configuration + " (copy engine alone)", true,
                new StagedInitiator(team, StagingTeam.Part.COPY_ENGINE_ONLY).sampleOf(ends));
        return new RunRows.CeilingSamples(h2h, pinned);
    }

    /**
     * The copy kernel's round trip, once per grid: the pattern again, H2D by the kernel, poison,
     * D2H by the kernel, and the check; then bidir. Nothing where the kernel cannot reach
     * {@code memory} (the command prints why, from {@link BandwidthBenchmark#kernelAbsences}).
     */
    void kernel(HostMemoryKind memory, long size, MemorySegment reference) {
        if (!roundTrips(memory, size, reference, kernels)) {
            return;
        }
        if (bidirFor(memory)) {
            if (plan.kernelTiming().bidir() == KernelTiming.Bidir.ONE_VECTOR) {
                // One vector per thread has its own grid by size, whatever --blocks lists.
                bidir.byKernel(memory, size, reference, kernels.getFirst().shaped(LaunchShape.oneVectorFor(size)));
                return;
            }
            for (KernelInitiator kernel : kernels) {
                bidir.byKernel(memory, size, reference, kernel);
            }
        }
    }

    private static String batchApiName(HostMemoryKind memory, int pieces, String direction, long size) {
        return new ConfigurationLabel(memory.label(), CopyPath.BATCH_API, Optional.empty(), direction, size,
                OptionalInt.of(pieces)).text();
    }

    /**
     * The batch API's round trip, once per piece count: the pattern again, H2D as one call of
     * that many copies, poison, D2H the same way, and the check.
     */
    void batchApi(HostMemoryKind memory, long size, MemorySegment reference) {
        try (HostBuffer host = memory.allocate(size);
             DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
            MemorySegment hostSeg = hosts.filled(memory, host, reference, size);
            Optional<HostMemoryNodes> pages = hosts.where(hostSeg);
            for (int pieces : plan.pieces()) {
                try (BatchApiInitiator call = new BatchApiInitiator(pieces, onOwn, own)) {
                    MemorySegment.copy(reference, 0, hostSeg, 0, size);
                    double[] h2d = samples.of(batchApiName(memory, pieces, "h2d", size), measureH2d,
                            call.sampleOf(new CopyEnds(CopyDirection.H2D, dev, hostSeg, size)));
                    DataPattern.poison(hostSeg);
                    double[] d2h = samples.of(batchApiName(memory, pieces, "d2h", size), measureD2h,
                            call.sampleOf(new CopyEnds(CopyDirection.D2H, dev, hostSeg, size)));
                    boolean ok = rows.verify(CheckedConfiguration.roundTrip(memory, CopyPath.BATCH_API,
                            Optional.empty(), OptionalInt.of(pieces), size), hostSeg, reference);
                    rows.addBatchApi(memory, size, pieces, h2d, d2h, ok, pages);
                }
            }
        }
    }

    /** The TMA copy's round trip in each of its grids; nothing where the device cannot run it (waived). */
    void tma(HostMemoryKind memory, long size, MemorySegment reference) {
        roundTrips(memory, size, reference, tmas);
    }

    /**
     * The round trip of each of {@code grids} (the copy kernel's or the TMA copy's): the pattern
     * again, H2D by it, poison, D2H by it, and the check. Nothing, and false, where they cannot reach
     * {@code memory} (the command prints why, from {@link BandwidthBenchmark#kernelAbsences}).
     */
    private boolean roundTrips(HostMemoryKind memory, long size, MemorySegment reference, List<KernelInitiator> grids) {
        if (reach.absentBecause(memory).isPresent()) {
            return false;
        }
        if (grids.isEmpty()) {
            return true;
        }
        try (HostBuffer host = memory.allocate(size);
             DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
            MemorySegment hostSeg = hosts.filled(memory, host, reference, size);
            Optional<HostMemoryNodes> pages = hosts.where(hostSeg);
            for (KernelInitiator by : grids) {
                MemorySegment.copy(reference, 0, hostSeg, 0, size);
                double[] h2d = samples.of(gridName(memory, by, "h2d", size), measureH2d,
                        by.sampleOf(new CopyEnds(CopyDirection.H2D, dev, hostSeg, size)));
                DataPattern.poison(hostSeg);
                double[] d2h = samples.of(gridName(memory, by, "d2h", size), measureD2h,
                        by.sampleOf(new CopyEnds(CopyDirection.D2H, dev, hostSeg, size)));
                boolean ok = rows.verify(CheckedConfiguration.roundTrip(memory, by.path(), Optional.of(by.shape()),
                        OptionalInt.empty(), size), hostSeg, reference);
                rows.addRoundTrip(memory, size, h2d, d2h, ok, pages, by.path(), Optional.of(by.shape()));
            }
        }
        return true;
    }

    /** Bidir needs asynchronous copies, which a heap array (it may move) cannot take. */
    private boolean bidirFor(HostMemoryKind memory) {
        return plan.directions().contains(CopyDirection.BIDIR) && memory.allowsAsyncCopies();
    }
}
