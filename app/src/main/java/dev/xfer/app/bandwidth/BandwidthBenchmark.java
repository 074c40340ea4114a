package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.PlacedRun;
import dev.xfer.app.placement.PlacedWorkers;
import dev.xfer.app.staging.StagedCopy.Direction;
import dev.xfer.app.staging.StagingTeam;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.units.Rate;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Measures host<->device copy rates for each size, host memory kind and direction of a
 * {@link BandwidthPlan}, and verifies that every configuration moved the right bytes.
 * <p>
 * Per size and memory kind the data goes over and back: the host buffer gets a known pattern,
 * H2D copies it to the device, the host buffer is poisoned, D2H copies it back, and the host
 * buffer must equal the pattern again. A direction that is not measured still runs once, untimed,
 * so the round trip is always checked.
 * <p>
 * {@link #run(BandwidthPlan, NodeTarget)} runs the plan with the measuring thread placed on a NUMA
 * node: every host buffer (the reference pattern, the measured buffers, pinned memory from
 * {@code cudaHostAlloc}) is allocated and first touched by this thread after the binding, so its
 * pages come from that node. Each result says where sampled pages of its host buffer really were.
 * <p>
 * Pageable and heap memory can also take xfer's staged path ({@link CopyPath#STAGED}): one
 * {@link StagingTeam} for the whole run moves the same over-and-back round trip through its
 * pinned slots, timed by the host clock from the first slot's fill to the last copy's completion,
 * and next to it the two halves of a staged copy run alone, the ceilings it is measured against.
 * <p>
 * The copy kernel ({@link CopyPath#KERNEL}) makes the same round trip with {@code copy_bytes} on
 * the SMs instead of a copy engine, once per grid size of {@code --blocks}, timed by the same
 * events on the same stream, and bidir with {@code copy_bidir}, both directions in one launch; a
 * kernel sample holds one copy or several, as the plan's {@link KernelTiming} says;
 * host memory the device cannot reach ({@link KernelReach}) has no
 * kernel rows, and {@link #kernelAbsences} says why.
 */
public final class BandwidthBenchmark {
    private final CudaDevice device;
    private final OptionalDouble linkGBps;
    private final Progress progress;
    private final Consumer<MemorySegment> beforeCompare;
    private final Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes;
    private final StagingTeam.SlotHook slotHook;

    /**
     * @param linkGBps      the PCIe link's theoretical per-direction rate, when known
     * @param beforeCompare runs on each host buffer just before it is compared with the pattern;
     *                      tests plant corruption there to show that verification can fail
     */
    public BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Progress progress,
                              Consumer<MemorySegment> beforeCompare) {
        this(device, linkGBps, progress, beforeCompare, HostMemoryNodes::sample);
    }

    /**
     * @param pageNodes where a host buffer's pages are, sampled once it is filled; empty when
     *                  that cannot be known
     */
    public BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Progress progress,
                              Consumer<MemorySegment> beforeCompare,
                              Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes) {
        this(device, linkGBps, progress, beforeCompare, pageNodes, StagingTeam.SlotHook.NONE);
    }

    private BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Progress progress,
                               Consumer<MemorySegment> beforeCompare,
                               Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes,
                               StagingTeam.SlotHook slotHook) {
        this.device = device;
        this.linkGBps = linkGBps;
        this.progress = progress;
        this.beforeCompare = beforeCompare;
        this.pageNodes = pageNodes;
        this.slotHook = slotHook;
    }

    /** This benchmark with {@code hook} seeing every staging slot between its fill and its copy; for tests. */
    public BandwidthBenchmark withSlotHook(StagingTeam.SlotHook hook) {
        return new BandwidthBenchmark(device, linkGBps, progress, beforeCompare, pageNodes, hook);
    }

    /**
     * The results and any verification failures of one run.
     *
     * @param target where it ran: the node, and the CPUs the measuring thread was really bound to
     */
    public record Outcome(List<BandwidthResult> results, List<VerificationFailure> failures, NodeTarget target) {
    }

    /** Fails before anything is measured when the largest size cannot fit in the device's free memory. */
    public void checkFits(BandwidthPlan plan) {
        long largest = plan.sizes().stream().mapToLong(Long::longValue).max().orElseThrow();
        InsufficientDeviceMemoryException.requireFits(device, plan.deviceBytesNeeded(largest), "size " + largest + " B");
    }

    /** What the copy kernel can reach on this device, from its attributes. */
    public KernelReach kernelReach() {
        return new KernelReach(device.attribute(DeviceAttribute.UNIFIED_ADDRESSING) != 0,
                device.attribute(DeviceAttribute.CAN_USE_HOST_POINTER_FOR_REGISTERED_MEMORY) != 0,
                device.attribute(DeviceAttribute.PAGEABLE_MEMORY_ACCESS) != 0);
    }

    /** One line for each memory kind of the plan that has no kernel rows on this device, saying why. */
    public List<String> kernelAbsences(BandwidthPlan plan) {
        if (!plan.kernelCopies() || !plan.measuresHostCopies()) {
            return List.of();
        }
        KernelReach reach = kernelReach();
        return plan.memories().stream().flatMap(m -> reach.absentBecause(m).stream()).toList();
    }

    /**
     * The copy kernel's grid sizes on this device ({@code --blocks} resolved against its SM
     * count); one size, unused, when the plan has no kernel path.
     *
     * @throws IllegalArgumentException when {@code --blocks} makes no sense with this SM count
     */
    public List<Integer> kernelGrids(BandwidthPlan plan) {
        return plan.kernelCopies() ? plan.blocks().resolve(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT))
                : List.of(1);
    }

    /** {@code plan} with its {@code --blocks} counted in this device's SMs, so its result names are known. */
    public BandwidthPlan onDevice(BandwidthPlan plan) {
        return plan.kernelCopies() ? plan.withBlocks(plan.blocks().on(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT)))
                : plan;
    }

    /** The result rows this device will measure, for progress. */
    public int configurations(BandwidthPlan plan) {
        return plan.configurations(kernelGrids(plan).size());
    }

    /** Runs the plan where the calling thread is, nothing placed. */
    public Outcome run(BandwidthPlan plan) {
        return run(plan, NodeTarget.unplaced());
    }

    /**
     * Runs the plan on the calling thread, bound to {@code target}'s CPUs and its memory to
     * {@code target}'s node for the duration; both are put back afterwards.
     */
    public Outcome run(BandwidthPlan plan, NodeTarget target) {
        checkFits(plan);
        PlacedRun.Result<Outcome> placed = PlacedRun.run(target, () -> measure(plan, target));
        Outcome outcome = placed.value();
        return new Outcome(outcome.results(), outcome.failures(), placed.target());
    }

    private Outcome measure(BandwidthPlan plan, NodeTarget target) {
        device.makeCurrent();
        List<BandwidthResult> results = new ArrayList<>();
        List<VerificationFailure> failures = new ArrayList<>();
        int total = configurations(plan);
        List<LaunchShape> shapes = kernelGrids(plan).stream().map(LaunchShape::ofBlocks).toList();
        KernelReach reach = plan.kernelCopies() ? kernelReach() : null;
        try (XferKernels kernels = plan.kernelCopies() ? XferKernels.load() : null;
             StreamGate gate = kernels != null && plan.kernelTiming().mayGate(plan.timer())
                     ? new StreamGate(kernels.holdStream()) : null;
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             CudaEvent start2 = CudaEvent.timing(device);
             CudaEvent stop2 = CudaEvent.timing(device);
             CudaStream first = CudaStream.create(device, true);
             CudaStream second = CudaStream.create(device, true);
             StagingTeam team = plan.staged() ? stagingTeam(plan, target) : null) {
            Run run = new Run(plan, target, new TimedCopy(plan.timer(), start, stop), start, stop, start2, stop2, first,
                    second, results, failures, total, team);
            if (kernels != null) {
                run.kernelPath(KernelCopy.of(kernels), shapes, reach, gate);
            }
            for (long size : plan.sizes()) {
                try (HostBuffer reference = HostMemoryKind.PAGEABLE.allocate(size)) {
                    PlacedRun.settle(reference.segment(), target);
                    DataPattern.fill(reference.segment(), size);
                    if (plan.measuresHostCopies()) {
                        for (HostMemoryKind memory : plan.memories()) {
                            run.hostCopies(memory, size, reference.segment());
                        }
                    }
                    if (plan.directions().contains(CopyDirection.D2D)) {
                        run.deviceCopies(size, reference.segment());
                    }
                }
            }
        }
        return new Outcome(results, failures, target);
    }

    /** The staged path's lanes, placed like the measuring thread; their slots are allocated by it. */
    private StagingTeam stagingTeam(BandwidthPlan plan, NodeTarget target) {
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        StagingTeam team = new StagingTeam(device, plan.staging(), PlacedWorkers.threadFactory(target,
                Thread.ofPlatform().name("xfer-stage-", 1).factory(), failed::set), slotHook);
        if (failed.get() != null) {
            team.close();
            throw failed.get();
        }
        return team;
    }

    /** The state of one run, so the measuring methods need not pass it around. */
    private final class Run {
        private final BandwidthPlan plan;
        private final NodeTarget target;
        /** The plan's timer for copies queued on the legacy stream, as every one-way copy is. */
        private final SampleClock onLegacy;
        /** The plan's timer, for the kernel's samples of several copies ({@link TimedCopy#sample}). */
        private final TimedCopy timed;
        private final CudaEvent start;
        private final CudaEvent stop;
        private final CudaEvent start2;
        private final CudaEvent stop2;
        private final CudaStream first;
        private final CudaStream second;
        private final List<BandwidthResult> results;
        private final List<VerificationFailure> failures;
        private final int total;
        private final CudaStream legacy = CudaStream.legacyDefault();
        private final StagingTeam team;
        private final boolean measureH2d;
        private final boolean measureD2h;
        private KernelCopy kernel;
        private List<LaunchShape> shapes = List.of();
        private KernelReach reach;
        private StreamGate gate;

        /**
         * Sets up the copy kernel's path: the kernel, its grids, what it can reach, and the gate its
         * samples are held behind (null unless the plan's kernel timing may hold a sample).
         */
        void kernelPath(KernelCopy kernel, List<LaunchShape> shapes, KernelReach reach, StreamGate gate) {
            this.kernel = kernel;
            this.shapes = List.copyOf(shapes);
            this.reach = reach;
            this.gate = gate;
        }

        /** One timed sample of copies by the kernel on the legacy stream, as the plan's kernel timing says; seconds per copy. */
        private double kernelSample(MemorySegment dst, MemorySegment src, long size, LaunchShape shape) {
            KernelTiming timing = plan.kernelTiming();
            return timed.sample(timing, size, gate,
                    n -> kernel.issue(dst, src, size, shape, n, timing.repeat(), legacy), legacy);
        }

        /** Pages are sampled only for a placed run: an unplaced run asked no question about them. */
        private Optional<HostMemoryNodes> where(MemorySegment segment) {
            return target.placed() ? pageNodes.apply(segment) : Optional.empty();
        }

        Run(BandwidthPlan plan, NodeTarget target, TimedCopy timed, CudaEvent start, CudaEvent stop, CudaEvent start2,
            CudaEvent stop2, CudaStream first, CudaStream second, List<BandwidthResult> results,
            List<VerificationFailure> failures, int total, StagingTeam team) {
            this.plan = plan;
            this.target = target;
            this.onLegacy = timed.clock(legacy);
            this.timed = timed;
            this.start = start;
            this.stop = stop;
            this.start2 = start2;
            this.stop2 = stop2;
            this.first = first;
            this.second = second;
            this.results = results;
            this.failures = failures;
            this.total = total;
            this.team = team;
            this.measureH2d = plan.directions().contains(CopyDirection.H2D);
            this.measureD2h = plan.directions().contains(CopyDirection.D2H);
        }

        /** The host buffer's memory, placed as the run asks and holding the reference pattern. */
        private MemorySegment filled(HostMemoryKind memory, HostBuffer host, MemorySegment reference, long size) {
            MemorySegment segment = host.segment();
            if (memory == HostMemoryKind.PAGEABLE) {
                PlacedRun.settle(segment, target);
            }
            MemorySegment.copy(reference, 0, segment, 0, size);
            return segment;
        }

        /** The rows of one round trip: each measured direction's, both verified by the one check. */
        private void addRoundTrip(HostMemoryKind memory, long size, double[] h2d, double[] d2h, boolean ok,
                                  Optional<HostMemoryNodes> pages, CopyPath path, Optional<StagedCeiling> up,
                                  Optional<StagedCeiling> down) {
            addRoundTrip(memory, size, h2d, d2h, ok, pages, path, up, down, Optional.empty());
        }

        private void addRoundTrip(HostMemoryKind memory, long size, double[] h2d, double[] d2h, boolean ok,
                                  Optional<HostMemoryNodes> pages, CopyPath path, Optional<StagedCeiling> up,
                                  Optional<StagedCeiling> down, Optional<LaunchShape> shape) {
            if (measureH2d) {
                add(result(memory.label(), CopyDirection.H2D.label(), size, h2d, ok, pages, path, up, shape));
            }
            if (measureD2h) {
                add(result(memory.label(), CopyDirection.D2H.label(), size, d2h, ok, pages, path, down, shape));
            }
        }

        void hostCopies(HostMemoryKind memory, long size, MemorySegment reference) {
            for (CopyPath path : plan.pathsFor(memory)) {
                switch (path) {
                    case STAGED -> stagedCopies(memory, size, reference);
                    case KERNEL -> kernelCopies(memory, size, reference);
                    case DRIVER -> driverCopies(memory, size, reference);
                }
            }
        }

        /**
         * The staged round trip: first each measured direction's two ceilings (they write over the
         * host buffer and the device), then the pattern again, H2D, poison, D2H, and the check.
         */
        void stagedCopies(HostMemoryKind memory, long size, MemorySegment reference) {
            try (HostBuffer host = memory.allocate(size);
                 DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
                MemorySegment hostSeg = filled(memory, host, reference, size);
                Optional<HostMemoryNodes> pages = where(hostSeg);
                String label = memory.label() + " staged ";
                List<MemorySegment> hosts = List.of(hostSeg);
                List<DeviceBuffer> devices = List.of(dev);
                Optional<StagedCeiling> up = measureH2d
                        ? Optional.of(ceiling(Direction.H2D, label + "h2d " + size + " B", size, hosts, devices))
                        : Optional.empty();
                Optional<StagedCeiling> down = measureD2h
                        ? Optional.of(ceiling(Direction.D2H, label + "d2h " + size + " B", size, hosts, devices))
                        : Optional.empty();
                MemorySegment.copy(reference, 0, hostSeg, 0, size);
                StagingTeam.Job toDevice = team.job(Direction.H2D, StagingTeam.Part.STAGED, hosts, devices);
                double[] h2d = staged(label + "h2d " + size + " B", measureH2d, toDevice);
                DataPattern.poison(hostSeg);
                StagingTeam.Job toHost = team.job(Direction.D2H, StagingTeam.Part.STAGED, hosts, devices);
                double[] d2h = staged(label + "d2h " + size + " B", measureD2h, toHost);
                boolean ok = verify(label + "h2d+d2h " + size + " B", hostSeg, reference);
                addRoundTrip(memory, size, h2d, d2h, ok, pages, CopyPath.STAGED, up, down);
            }
        }

        /** The host copies alone, then the copy engine alone, through the same lanes and slots. */
        private StagedCeiling ceiling(Direction direction, String configuration, long size, List<MemorySegment> hosts,
                                      List<DeviceBuffer> devices) {
            double[] h2h = staged(configuration + " (h2h alone)", true,
                    team.job(direction, StagingTeam.Part.HOST_ONLY, hosts, devices));
            double[] pinned = staged(configuration + " (copy engine alone)", true,
                    team.job(direction, StagingTeam.Part.COPY_ENGINE_ONLY, hosts, devices));
            return new StagedCeiling(Summary.ofRates(size, h2h), Summary.ofRates(size, pinned));
        }

        /** Runs {@code job} as {@link #repeat} runs a copy, timed by the host clock. */
        private double[] staged(String configuration, boolean measured, StagingTeam.Job job) {
            if (!measured) {
                team.run(job);
                return new double[0];
            }
            progress.measuring(results.size(), total, configuration);
            // The team's run returns once the last copy is complete: the host clock needs no stream to wait for.
            return loop(plan.warmupNanos()).seconds(HostClock.untilReturn(), () -> team.run(job));
        }

        /**
         * The copy kernel's round trip, once per grid: the pattern again, H2D by the kernel, poison,
         * D2H by the kernel, and the check; then bidir. Nothing where the kernel cannot reach
         * {@code memory} (the command prints why, from {@link #kernelAbsences}).
         */
        void kernelCopies(HostMemoryKind memory, long size, MemorySegment reference) {
            if (reach.absentBecause(memory).isPresent()) {
                return;
            }
            try (HostBuffer host = memory.allocate(size);
                 DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
                MemorySegment hostSeg = filled(memory, host, reference, size);
                Optional<HostMemoryNodes> pages = where(hostSeg);
                for (LaunchShape shape : shapes) {
                    String label = memory.label() + " " + CopyPath.KERNEL.label() + " " + shape.blocks() + " blocks";
                    MemorySegment.copy(reference, 0, hostSeg, 0, size);
                    double[] h2d = repeatSamples(label + " h2d " + size + " B", plan.warmupNanos(), measureH2d,
                            () -> kernelSample(dev.address(), hostSeg, size, shape));
                    DataPattern.poison(hostSeg);
                    double[] d2h = repeatSamples(label + " d2h " + size + " B", plan.warmupNanos(), measureD2h,
                            () -> kernelSample(hostSeg, dev.address(), size, shape));
                    boolean ok = verify(label + " h2d+d2h " + size + " B", hostSeg, reference);
                    addRoundTrip(memory, size, h2d, d2h, ok, pages, CopyPath.KERNEL, Optional.empty(),
                            Optional.empty(), Optional.of(shape));
                }
            }
            if (plan.directions().contains(CopyDirection.BIDIR) && memory.allowsAsyncCopies()) {
                if (plan.kernelTiming().bidir() == KernelTiming.Bidir.ONE_VECTOR) {
                    bidirectional(memory, size, reference, Optional.of(LaunchShape.oneVectorFor(size)));
                    return;
                }
                for (LaunchShape shape : shapes) {
                    bidirectional(memory, size, reference, Optional.of(shape));
                }
            }
        }

        /**
         * The driver's round trip on each of the plan's host allocations in turn (one device buffer
         * for all, so only host placement differs); each direction keeps its best allocation's
         * samples, and the data must come back right from every allocation.
         */
        void driverCopies(HostMemoryKind memory, long size, MemorySegment reference) {
            boolean async = memory.isPageLocked();
            int count = plan.allocations();
            List<double[]> h2d = new ArrayList<>();
            List<double[]> d2h = new ArrayList<>();
            List<Optional<HostMemoryNodes>> pages = new ArrayList<>();
            boolean ok = true;
            try (DeviceBuffer dev = DeviceBuffer.allocate(device, size)) {
                for (int k = 0; k < count; k++) {
                    String which = count == 1 ? "" : " (allocation " + (k + 1) + " of " + count + ")";
                    try (HostBuffer host = memory.allocate(size)) {
                        MemorySegment hostSeg = filled(memory, host, reference, size);
                        pages.add(where(hostSeg));
                        // The warm-up's time is for the JIT, which the first allocation has warmed; later ones
                        // need only the copies that first touch their pages.
                        long warmNanos = k == 0 ? plan.warmupNanos() : 0;
                        h2d.add(repeat(CopyDirection.H2D, memory, size, which, warmNanos, measureH2d,
                                () -> TimedCopy.issue(dev.address(), hostSeg, size, CopyKind.HOST_TO_DEVICE, async,
                                        legacy)));
                        DataPattern.poison(hostSeg);
                        d2h.add(repeat(CopyDirection.D2H, memory, size, which, warmNanos, measureD2h,
                                () -> TimedCopy.issue(hostSeg, dev.address(), size, CopyKind.DEVICE_TO_HOST, async,
                                        legacy)));
                        ok &= verify(memory.label() + " h2d+d2h " + size + " B" + which, hostSeg, reference);
                    }
                }
            }
            if (measureH2d) {
                add(best(memory, CopyDirection.H2D, size, h2d, ok, pages));
            }
            if (measureD2h) {
                add(best(memory, CopyDirection.D2H, size, d2h, ok, pages));
            }
            if (plan.directions().contains(CopyDirection.BIDIR) && memory.allowsAsyncCopies()) {
                bidirectional(memory, size, reference, Optional.empty());
            }
        }

        /** One direction's result from its best allocation, with every allocation's median beside it when there were several. */
        private BandwidthResult best(HostMemoryKind memory, CopyDirection direction, long size, List<double[]> samples,
                                     boolean ok, List<Optional<HostMemoryNodes>> pages) {
            List<Double> medians = samples.stream().map(s -> Summary.ofRates(size, s).median()).toList();
            AllocationSpread spread = new AllocationSpread(medians);
            int best = spread.bestIndex();
            BandwidthResult result = result(memory.label(), direction.label(), size, samples.get(best), ok,
                    pages.get(best));
            if (samples.size() == 1) {
                return result;
            }
            return result.withAllocations(Optional.of(spread));
        }

        /**
         * H2D and D2H at once. The driver: H2D on one stream while D2H runs on another, each timed
         * by its own events. With a {@code shape} the copy kernel: ONE launch of {@code copy_bidir}
         * (even warps up, odd warps down) timed by one event pair, so bidir-h2d and bidir-d2h both
         * report the bytes of one direction over the time of that launch (nvbandwidth's
         * {@code *_bidirectional_memcpy_sm} counts alike); or, with {@link KernelTiming.Bidir#TWO_STREAMS},
         * {@code copy_bytes} each way on its own stream with its own events. A kernel sample holds the
         * plan's {@link KernelTiming} copies and counts its time over them.
         */
        void bidirectional(HostMemoryKind memory, long size, MemorySegment reference, Optional<LaunchShape> shape) {
            String label = memory.label() + shape.map(s -> " " + CopyPath.KERNEL.label() + " " + s.blocks() + " blocks")
                    .orElse("");
            CopyPath path = shape.isPresent() ? CopyPath.KERNEL : CopyPath.DRIVER;
            progress.measuring(results.size(), total, label + " bidir " + size + " B");
            try (HostBuffer source = memory.allocate(size);
                 HostBuffer target = memory.allocate(size);
                 DeviceBuffer up = DeviceBuffer.allocate(device, size);
                 DeviceBuffer down = DeviceBuffer.allocate(device, size)) {
                if (memory == HostMemoryKind.PAGEABLE) {
                    PlacedRun.settle(source.segment(), this.target);
                    PlacedRun.settle(target.segment(), this.target);
                }
                MemorySegment.copy(reference, 0, source.segment(), 0, size);
                Memcpy.copy(down.address(), reference, size, CopyKind.HOST_TO_DEVICE);
                DataPattern.poison(target.segment());
                Optional<HostMemoryNodes> sourcePages = where(source.segment());
                Optional<HostMemoryNodes> targetPages = where(target.segment());
                KernelTiming timing = plan.kernelTiming();
                int copies = shape.isPresent() ? timing.copiesFor(size) : 1;
                boolean twoStreams = shape.isPresent() && timing.bidir() == KernelTiming.Bidir.TWO_STREAMS;
                boolean oneVector = shape.isPresent() && timing.bidir() == KernelTiming.Bidir.ONE_VECTOR;
                boolean gated = shape.isPresent() && timing.gatedFor(size, plan.timer());
                boolean leadIn = shape.isPresent() && timing.leadInFor(size, plan.timer());
                // n copies both ways in one launch (or n launches, as --kernel-repeat says) on the first stream
                IntConsumer bothWays = n -> {
                    if (oneVector) {
                        kernel.issueBidirectionalOneVector(up.address(), source.segment(), target.segment(),
                                down.address(), size, n, timing.repeat(), first);
                    } else {
                        kernel.issueBidirectional(up.address(), source.segment(), target.segment(), down.address(),
                                size, shape.get(), n, timing.repeat(), first);
                    }
                };
                Runnable both = shape.isPresent() && !twoStreams ? () -> {
                    if (gated) {
                        gate.hold(first);
                    }
                    if (leadIn) {
                        bothWays.accept(1);
                    }
                    start.record(first);
                    bothWays.accept(copies);
                    stop.record(first);
                    if (gated) {
                        gate.release();
                    }
                    stop.synchronize();
                } : twoStreams ? () -> {
                    // The kernel's bidir as it was before copy_bidir: one copy_bytes launch each way, each on its
                    // own stream with its own events; both launches must fit on the SMs at once to overlap.
                    if (gated) {
                        gate.hold(first);
                        gate.hold(second);
                    }
                    if (leadIn) {
                        kernel.issue(up.address(), source.segment(), size, shape.get(), first);
                        kernel.issue(target.segment(), down.address(), size, shape.get(), second);
                    }
                    start.record(first);
                    kernel.issue(up.address(), source.segment(), size, shape.get(), copies, timing.repeat(), first);
                    stop.record(first);
                    start2.record(second);
                    kernel.issue(target.segment(), down.address(), size, shape.get(), copies, timing.repeat(), second);
                    stop2.record(second);
                    if (gated) {
                        gate.release();
                    }
                    stop.synchronize();
                    stop2.synchronize();
                } : () -> {
                    start.record(first);
                    Memcpy.copyAsync(up.address(), source.segment(), size, CopyKind.HOST_TO_DEVICE, first);
                    stop.record(first);
                    start2.record(second);
                    Memcpy.copyAsync(target.segment(), down.address(), size, CopyKind.DEVICE_TO_HOST, second);
                    stop2.record(second);
                    stop.synchronize();
                    stop2.synchronize();
                };
                // Two windows on two streams, interleaved, so no one clock brackets them: each run reads its own.
                List<BothWays> samples = loop(plan.warmupNanos()).samples(() -> {
                    long t0 = System.nanoTime();
                    both.run();
                    // A kernel sample of several copies counts its time over its copies, per copy.
                    double wall = (System.nanoTime() - t0) / 1e9 / copies;
                    double toDevice = plan.timer() == CopyTimer.EVENTS ? start.millisecondsTo(stop) / 1e3 / copies : wall;
                    // The kernel's one launch is both directions' time.
                    double toHost = plan.timer() != CopyTimer.EVENTS ? wall
                            : shape.isPresent() && !twoStreams ? toDevice : start2.millisecondsTo(stop2) / 1e3 / copies;
                    return new BothWays(toDevice, toHost);
                });
                double[] h2d = samples.stream().mapToDouble(BothWays::h2d).toArray();
                double[] d2h = samples.stream().mapToDouble(BothWays::d2h).toArray();
                boolean downOk = verify(label + " bidir-d2h " + size + " B", target.segment(), reference);
                DataPattern.poison(target.segment());
                Memcpy.copy(target.segment(), up.address(), size, CopyKind.DEVICE_TO_HOST);
                boolean upOk = verify(label + " bidir-h2d " + size + " B", target.segment(), reference);
                add(result(memory.label(), "bidir-h2d", size, h2d, upOk, sourcePages, path, Optional.empty(), shape));
                add(result(memory.label(), "bidir-d2h", size, d2h, downOk, targetPages, path, Optional.empty(), shape));
            }
        }

        /** A copy between two buffers of one device; the host only supplies and checks the data. */
        void deviceCopies(long size, MemorySegment reference) {
            try (DeviceBuffer a = DeviceBuffer.allocate(device, size);
                 DeviceBuffer b = DeviceBuffer.allocate(device, size);
                 HostBuffer check = HostMemoryKind.PAGEABLE.allocate(size)) {
                Memcpy.copy(a.address(), reference, size, CopyKind.HOST_TO_DEVICE);
                double[] d2d = repeat(CopyDirection.D2D, null, size, true,
                        () -> TimedCopy.issue(b.address(), a.address(), size, CopyKind.DEVICE_TO_DEVICE, true, legacy));
                DataPattern.poison(check.segment());
                Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
                boolean ok = verify("device d2d " + size + " B", check.segment(), reference);
                add(result("device", CopyDirection.D2D.label(), size, d2d, ok, Optional.empty()));
                if (plan.kernelCopies()) {
                    for (LaunchShape shape : shapes) {
                        String label = "device " + CopyPath.KERNEL.label() + " " + shape.blocks() + " blocks d2d " + size
                                + " B";
                        b.fillAsync(0, legacy);
                        double[] byKernel = repeatSamples(label, plan.warmupNanos(), true,
                                () -> kernelSample(b.address(), a.address(), size, shape));
                        DataPattern.poison(check.segment());
                        Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
                        add(result("device", CopyDirection.D2D.label(), size, byKernel,
                                verify(label, check.segment(), reference), Optional.empty(), CopyPath.KERNEL,
                                Optional.empty(), Optional.of(shape)));
                    }
                }
            }
        }

        private double[] repeat(CopyDirection direction, HostMemoryKind memory, long size, boolean measured,
                                Runnable copy) {
            return repeat(direction, memory, size, "", plan.warmupNanos(), measured, copy);
        }

        private double[] repeat(CopyDirection direction, HostMemoryKind memory, long size, String which,
                                long warmNanos, boolean measured, Runnable copy) {
            long[] copies = {0};
            double[] seconds = repeat((memory == null ? "device" : memory.label()) + " " + direction + " " + size
                    + " B" + which, warmNanos, measured, () -> {
                copies[0]++;
                copy.run();
            });
            // What these copies moved across the link (warm-up included), for the run's evidence to
            // take off the link counters; a device-local copy moves nothing across it. Said after
            // the loop, outside the timed window.
            if (memory != null && (direction == CopyDirection.H2D || direction == CopyDirection.D2H)) {
                long bytes = copies[0] * size;
                progress.moved(device.index(), direction == CopyDirection.H2D ? bytes : 0,
                        direction == CopyDirection.D2H ? bytes : 0);
            }
            return seconds;
        }

        private double[] repeat(String configuration, boolean measured, Runnable copy) {
            return repeat(configuration, plan.warmupNanos(), measured, copy);
        }

        /**
         * Times {@code copy}, which queues its work on the legacy stream, by the plan's timer: see
         * {@link #repeatSamples}.
         */
        private double[] repeat(String configuration, long warmNanos, boolean measured, Runnable copy) {
            return repeatSamples(configuration, warmNanos, measured, () -> onLegacy.time(copy));
        }

        /**
         * Runs {@code sample} (which does its work and returns its time in seconds: one copy by the
         * plan's timer, or a kernel sample of several copies, per copy) once untimed when not
         * {@code measured} (the round trip still needs its bytes moved); otherwise a warm-up of at
         * least {@code warmNanos}, then the timed iterations, with a safe point before each, so a
         * 4 GiB sweep stops within a copy.
         */
        private double[] repeatSamples(String configuration, long warmNanos, boolean measured,
                                       DoubleSupplier sample) {
            if (!measured) {
                sample.getAsDouble();
                return new double[0];
            }
            progress.measuring(results.size(), total, configuration);
            return loop(warmNanos).samples(sample::getAsDouble).stream().mapToDouble(Double::doubleValue).toArray();
        }

        /** The plan's warm-up (at least {@code warmNanos} of it) and iterations, stopping where the run asks. */
        private SampleLoop loop(long warmNanos) {
            return new SampleLoop(new Warmup(plan.warmup(), warmNanos), plan.iterations()).stoppingAt(progress);
        }

        /** Keeps a verified result and hands it to the command at once: it streams, and survives a stop. */
        private void add(BandwidthResult result) {
            results.add(result);
            progress.measured(result);
        }

        private boolean verify(String configuration, MemorySegment actual, MemorySegment expected) {
            beforeCompare.accept(actual);
            long offset = DataPattern.firstMismatch(actual, expected);
            if (offset < 0) {
                return true;
            }
            VerificationFailure failure = new VerificationFailure(configuration, offset,
                    expected.get(ValueLayout.JAVA_BYTE, offset),
                    actual.get(ValueLayout.JAVA_BYTE, offset), target.node());
            failures.add(failure);
            progress.measured(failure);
            return false;
        }

        private BandwidthResult result(String memory, String direction, long size, double[] seconds, boolean ok,
                                       Optional<HostMemoryNodes> pages) {
            return result(memory, direction, size, seconds, ok, pages, CopyPath.DRIVER, Optional.empty());
        }

        private BandwidthResult result(String memory, String direction, long size, double[] seconds, boolean ok,
                                       Optional<HostMemoryNodes> pages, CopyPath copy,
                                       Optional<StagedCeiling> ceiling) {
            return result(memory, direction, size, seconds, ok, pages, copy, ceiling, Optional.empty());
        }

        private BandwidthResult result(String memory, String direction, long size, double[] seconds, boolean ok,
                                       Optional<HostMemoryNodes> pages, CopyPath copy,
                                       Optional<StagedCeiling> ceiling, Optional<LaunchShape> shape) {
            Summary rates = Summary.ofRates(size, seconds);
            double[] micros = new double[seconds.length];
            for (int i = 0; i < seconds.length; i++) {
                micros[i] = seconds[i] * 1e6;
            }
            OptionalDouble percent = direction.equals("d2d") || linkGBps.isEmpty()
                    ? OptionalDouble.empty()
                    : OptionalDouble.of(Rate.percentOfLink(rates.median(), linkGBps.getAsDouble()));
            return new BandwidthResult(memory, direction, size, rates, Summary.of(micros), percent, ok, target.node(),
                    pages, copy, ceiling, shape, Optional.empty());
        }
    }

    /** One bidir run's readings: each direction's seconds. */
    private record BothWays(double h2d, double d2h) {
    }
}
