package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.PlacedRun;
import dev.xfer.app.placement.PlacedWorkers;
import dev.xfer.app.staging.StagingTeam;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

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
 * kernel rows, and {@link #kernelAbsences} says why. The TMA copy ({@link CopyPath#TMA}) makes the
 * same round trip and d2d copy with {@code tma_copy}, where the device has compute capability 9.0;
 * below it its configurations are waived (each path decides, {@link PathDefinition#absentBecause}),
 * never launched. {@code d2d-read} and
 * {@code d2d-write} read or write device memory alone ({@link DeviceLocalRun}).
 * <p>
 * This class orchestrates: who issues a copy is a {@link CopyInitiator} (the copy engine, the
 * staging lanes, the copy kernel), the rows of one size and memory kind are
 * {@link HostRoundTrips}' (bidir {@link BidirectionalRun}'s, d2d {@link DeviceLocalRun}'s), every
 * sample goes through one loop ({@link SampleRuns}), and every row and check through
 * {@link RunRows}.
 */
public final class BandwidthBenchmark {
    private final CudaDevice device;
    private final OptionalDouble linkGBps;
    private final Consumer<MemorySegment> beforeCompare;
    private final Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes;
    private final StagingTeam.SlotHook slotHook;
    // One for the engine, so every pass of a placement (--numa-node all) asks the runtime and the
    // device once: each fact is read when a path first asks for it.
    private final DeviceOffer offer;

    /**
     * The engine a command builds once per device and run: its plan counted on the device, its
     * notes and its passes all come from this one; each pass is handed its own progress
     * ({@link #run(BandwidthPlan, NodeTarget, Progress, BandwidthTally)}).
     *
     * @param linkGBps the PCIe link's theoretical per-direction rate, when known
     */
    public BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps) {
        this(device, linkGBps, segment -> { });
    }

    /**
     * @param linkGBps      the PCIe link's theoretical per-direction rate, when known
     * @param beforeCompare runs on each host buffer just before it is compared with the pattern;
     *                      tests plant corruption there to show that verification can fail
     */
    public BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Consumer<MemorySegment> beforeCompare) {
        this(device, linkGBps, beforeCompare, HostMemoryNodes::sample);
    }

    /**
     * @param pageNodes where a host buffer's pages are, sampled once it is filled; empty when
     *                  that cannot be known
     */
    public BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Consumer<MemorySegment> beforeCompare,
                              Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes) {
        this(device, linkGBps, beforeCompare, pageNodes, StagingTeam.SlotHook.NONE);
    }

    private BandwidthBenchmark(CudaDevice device, OptionalDouble linkGBps, Consumer<MemorySegment> beforeCompare,
                               Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes,
                               StagingTeam.SlotHook slotHook) {
        this.device = device;
        this.linkGBps = linkGBps;
        this.beforeCompare = beforeCompare;
        this.pageNodes = pageNodes;
        this.slotHook = slotHook;
        this.offer = new DeviceOffer(device);
    }

    /** This benchmark with {@code hook} seeing every staging slot between its fill and its copy; for tests. */
    public BandwidthBenchmark withSlotHook(StagingTeam.SlotHook hook) {
        return new BandwidthBenchmark(device, linkGBps, beforeCompare, pageNodes, hook);
    }

    /**
     * The results, any verification failures and any configurations left unmeasured of one run.
     *
     * @param target     where it ran: the node, and the CPUs the measuring thread was really bound to
     * @param unmeasured configurations whose samples gave no figure (a NaN or zero time), each with why
     * @param waived     configurations this device does not measure at all, each with why (the TMA copy
     *                   below compute capability 9.0): neither passed nor failed ({@link Waiver})
     */
    public record Outcome(List<BandwidthResult> results, List<VerificationFailure> failures, NodeTarget target,
                          List<Unmeasured> unmeasured, List<Waiver> waived) {
        public Outcome {
            results = List.copyOf(results);
            failures = List.copyOf(failures);
            unmeasured = List.copyOf(unmeasured);
            waived = List.copyOf(waived);
        }

        /** An outcome with nothing waived. */
        public Outcome(List<BandwidthResult> results, List<VerificationFailure> failures, NodeTarget target,
                       List<Unmeasured> unmeasured) {
            this(results, failures, target, unmeasured, List.of());
        }
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
        if (!(plan.kernelCopies() || plan.tmaCopies()) || !plan.measuresHostCopies()) {
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
        return plan.launchesGrids() ? plan.blocks().resolve(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT))
                : List.of(1);
    }

    /** {@code plan} with its {@code --blocks} counted in this device's SMs, so its result names are known. */
    public BandwidthPlan onDevice(BandwidthPlan plan) {
        return plan.launchesGrids()
                ? plan.withBlocks(plan.blocks().on(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT))) : plan;
    }

    /**
     * The plan's configurations this device waives, each with why, decided from what the device and
     * the runtime offer before anything is launched: each path the plan asks for decides whether it
     * can run here ({@link PathDefinition#absentBecause}), and one that cannot names its waived
     * configurations (every TMA configuration on a GPU below compute capability 9.0, every batch-api
     * one on a runtime without cudaMemcpyBatchAsync, on {@code node} when placed).
     */
    private PathWaivers waivers(BandwidthPlan plan, List<Integer> grids, OptionalInt node) {
        List<Waiver> waived = new ArrayList<>();
        java.util.Set<CopyPath> absent = java.util.EnumSet.noneOf(CopyPath.class);
        for (CopyPath path : plan.copies()) {
            Optional<String> why = path.absentBecause(offer);
            if (why.isPresent()) {
                absent.add(path);
                waived.addAll(path.waivers(plan, grids, node, why.get()));
            }
        }
        return new PathWaivers(absent, waived);
    }

    /** The paths this device cannot run (never launched), and their configurations' waivers. */
    private record PathWaivers(java.util.Set<CopyPath> absent, List<Waiver> waived) {
    }

    /** The result rows this device will measure, for progress. */
    public int configurations(BandwidthPlan plan) {
        return plan.configurations(kernelGrids(plan).size());
    }

    /** The device this engine measures. */
    public CudaDevice device() {
        return device;
    }

    /** Runs the plan where the calling thread is, nothing placed, with no one watching. */
    public Outcome run(BandwidthPlan plan) {
        return run(plan, Progress.NONE);
    }

    /** Runs the plan where the calling thread is, nothing placed, reporting to {@code progress}. */
    public Outcome run(BandwidthPlan plan, Progress progress) {
        return run(plan, NodeTarget.unplaced(), progress, BandwidthTally.quiet());
    }

    /**
     * Runs the plan on the calling thread, bound to {@code target}'s CPUs and its memory to
     * {@code target}'s node for the duration; both are put back afterwards. No one watches.
     */
    public Outcome run(BandwidthPlan plan, NodeTarget target) {
        return run(plan, target, Progress.NONE, BandwidthTally.quiet());
    }

    /**
     * As {@link #run(BandwidthPlan, NodeTarget)}, reporting to {@code pass} and keeping every row,
     * failure and unmeasured configuration in {@code kept} as it comes: one engine runs every pass
     * of a placement (--numa-node all), each pass counted on in its own progress, all into one
     * tally, which is what a run stopped mid-pass still has. The outcome's rows are this pass's
     * share of the tally.
     */
    public Outcome run(BandwidthPlan plan, NodeTarget target, Progress pass, BandwidthTally kept) {
        checkFits(plan);
        PlacedRun.Result<Outcome> placed = PlacedRun.run(target, () -> measure(plan, target, pass, kept));
        Outcome outcome = placed.value();
        return new Outcome(outcome.results(), outcome.failures(), placed.target(), outcome.unmeasured(),
                outcome.waived());
    }

    /**
     * The plan's rows, size by size: the resources every path shares are made once for the run
     * (kernels, gate, events, streams, staging lanes), then each size's host paths and d2d.
     */
    private Outcome measure(BandwidthPlan plan, NodeTarget target, Progress progress, BandwidthTally kept) {
        device.makeCurrent();
        List<Integer> grids = kernelGrids(plan);
        int total = plan.configurations(grids.size());
        List<LaunchShape> shapes = grids.stream().map(LaunchShape::ofBlocks).toList();
        PathWaivers waivers = waivers(plan, grids, target.node());
        // A path only where the device and runtime have it: elsewhere its configurations are waived, never launched.
        KernelReach reach = plan.copies().stream().anyMatch(CopyPath::launchesGrid) ? kernelReach() : null;
        // And the host configurations a grid path cannot reach here: waived with why, never launched.
        List<Waiver> waived = new ArrayList<>(waivers.waived());
        if (reach != null && plan.measuresHostCopies()) {
            waived.addAll(reach.waivers(plan, grids, waivers.absent()));
        }
        RunRows rows = new RunRows(plan, linkGBps, target, kept, beforeCompare);
        try (XferKernels kernels = plan.launchesGrids() ? XferKernels.load() : null;
             DeviceReadWrite readWrite = plan.readWriteDirections().isEmpty() ? null
                     : DeviceReadWrite.of(kernels, device);
             StreamGate gate = kernels != null && plan.kernelTiming().mayGate(plan.timer())
                     ? new StreamGate(kernels.holdStream()) : null;
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             CudaEvent start2 = CudaEvent.timing(device);
             CudaEvent stop2 = CudaEvent.timing(device);
             CudaStream first = CudaStream.create(device, true);
             CudaStream second = CudaStream.create(device, true);
             StagingTeam team = plan.staged() ? stagingTeam(plan, target) : null) {
            // Every one-way copy is queued on the legacy stream, as bandwidthtest.cu's.
            CudaStream legacy = CudaStream.legacyDefault();
            TimedCopy timed = new TimedCopy(plan.timer(), start, stop);
            SampleClock onLegacy = timed.clock(legacy);
            // Each path launched on grids makes its own initiators; one the device cannot run (waived) none.
            GridLaunching launching = new GridLaunching(kernels, grids, plan.kernelTiming(), timed, gate, legacy);
            Map<CopyPath, List<KernelInitiator>> onGrids = new EnumMap<>(CopyPath.class);
            for (CopyPath path : plan.copies()) {
                if (path.launchesGrid() && !waivers.absent().contains(path)) {
                    onGrids.put(path, path.gridInitiators(launching));
                }
            }
            // Each kind only where the plan asks for it: one asked alone makes rows of that kind alone.
            List<KernelInitiator> reads = !plan.readWriteDirections().contains(CopyDirection.D2D_READ) ? List.of()
                    : shapes.stream().map(s -> KernelInitiator.of(CopyPath.KERNEL, readWrite.reads(), s,
                            plan.kernelTiming(), timed, gate, legacy)).toList();
            List<KernelInitiator> writes = !plan.readWriteDirections().contains(CopyDirection.D2D_WRITE) ? List.of()
                    : shapes.stream().map(s -> KernelInitiator.of(CopyPath.KERNEL, readWrite.writes(), s,
                            plan.kernelTiming(), timed, gate, legacy)).toList();
            SampleRuns samples = new SampleRuns(plan, progress, rows, total, device.index());
            PlacedHost hosts = new PlacedHost(target, pageNodes);
            BidirectionalRun bidir = new BidirectionalRun(device, plan, samples, rows, hosts, gate,
                    List.of(start, stop, start2, stop2), first, second);
            HostRoundTrips host = new HostRoundTrips(device, plan, samples, rows, hosts, onLegacy, legacy, team,
                    onGrids, reach, bidir, timed.clock(first), first, waivers.absent());
            DeviceLocalRun local = new DeviceLocalRun(device, plan, samples, rows,
                    new CopyEngineInitiator(true, onLegacy, legacy), onGrids, reads, writes, readWrite, legacy);
            for (long size : plan.sizes()) {
                try (HostBuffer reference = HostMemoryKind.PAGEABLE.allocate(size)) {
                    PlacedRun.settle(reference.segment(), target);
                    DataPattern.fill(reference.segment(), size);
                    if (plan.measuresHostCopies()) {
                        for (HostMemoryKind memory : plan.memories()) {
                            host.measure(memory, size, reference.segment());
                        }
                    }
                    if (plan.directions().stream().anyMatch(CopyDirection::deviceLocal)) {
                        local.measure(size, reference.segment());
                    }
                }
            }
        }
        return new Outcome(rows.results(), rows.failures(), target, rows.unmeasured(), waived);
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
}
