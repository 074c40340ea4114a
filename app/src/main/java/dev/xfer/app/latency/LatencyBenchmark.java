package dev.xfer.app.latency;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Measures access latency from one GPU: for each target and size, builds a {@link ChaseCycle} in
 * the target's memory, runs one untimed chase, then times {@code iterations} chases with CUDA
 * events around each launch ({@link SampleLoop} with an {@link EventClock} on the chase's stream)
 * and divides by the accesses. Checks after every chase that it ended on the node the host's walk
 * of the same cycle ends on. Never prints.
 */
public final class LatencyBenchmark {
    /** The host-side buffer through which a device chain is written, in pieces of this size. */
    private static final int STAGING_BYTES = 16 << 20;

    private final CudaRuntime cuda;
    private final CudaDevice device;
    private final Progress progress;

    public LatencyBenchmark(CudaRuntime cuda, CudaDevice device, Progress progress) {
        this.cuda = cuda;
        this.device = device;
        this.progress = progress;
    }

    /**
     * What one GPU can chase of a plan, settled before anything is allocated, so a run stopped
     * later still says what it could not measure.
     *
     * @param targets the targets to measure, in the plan's order
     * @param waived  what this GPU cannot measure, each configuration with why
     */
    public record Reach(List<LatencyTarget> targets, List<Waiver> waived) {
        public Reach {
            targets = List.copyOf(targets);
            waived = List.copyOf(waived);
        }
    }

    /**
     * Which of {@code plan}'s targets this GPU can chase, and the others' configurations waived with
     * why: a target it cannot reach (no mapped host memory, no peer access), and the peers where the
     * plan wants them and there are none. Asks the device, allocates nothing.
     *
     * @param peers the other GPUs (CUDA indices) whose memory {@link LatencyTarget.Kind#PEER} means
     * @param peersWhyNone when the plan wants peers and there are none: why
     */
    public Reach reach(LatencyPlan plan, List<Integer> peers, String peersWhyNone) {
        List<Waiver> waived = new ArrayList<>();
        List<LatencyTarget> targets = new ArrayList<>();
        for (LatencyTarget t : plan.targets(peers)) {
            reachable(t).ifPresentOrElse(why -> waived.addAll(plan.waived(t.id(), why)), () -> targets.add(t));
        }
        if (plan.wantsPeers() && peers.isEmpty()) {
            waived.addAll(plan.waived(LatencyTarget.Kind.PEER.label(), peersWhyNone));
        }
        return new Reach(targets, waived);
    }

    /**
     * @param peers the other GPUs (CUDA indices) whose memory {@link LatencyTarget.Kind#PEER} means
     * @param peersWhyNone when the plan wants peers and there are none: why
     */
    public LatencyRun measure(LatencyPlan plan, List<Integer> peers, String peersWhyNone) {
        return measure(plan, reach(plan, peers, peersWhyNone), Tally.quiet());
    }

    /**
     * The targets {@code reach} found this GPU can chase, measured: each configuration's result kept in
     * {@code kept} as it is measured, which is what a run stopped between configurations has and
     * what its rows stream from. The run's results are the tally's, its waivers {@code reach}'s.
     */
    public LatencyRun measure(LatencyPlan plan, Reach reach, Tally<LatencyResult> kept) {
        List<LatencyTarget> targets = reach.targets();
        long largest = plan.sizes().stream().mapToLong(Long::longValue).max().orElseThrow();
        if (targets.contains(LatencyTarget.DEVICE)) {
            InsufficientDeviceMemoryException.requireFits(device, largest, "a " + ByteSize.ofBytes(largest).format()
                    + " latency buffer");
        }
        int before = kept.size();
        List<CudaDevice> enabled = new ArrayList<>();
        int total = targets.size() * plan.sizes().size();
        try (XferKernels kernels = XferKernels.load();
             CudaStream stream = CudaStream.create(device, true);
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             DeviceBuffer end = DeviceBuffer.allocate(device, Long.BYTES);
             Arena arena = Arena.ofConfined()) {
            Chaser chaser = new Chaser(kernels.pointerChase(), stream, start, stop, end, arena.allocate(ValueLayout.JAVA_LONG));
            for (LatencyTarget t : targets) {
                if (t.kind() == LatencyTarget.Kind.PEER) {
                    CudaDevice peer = cuda.device(t.peer());
                    if (device.enablePeerAccess(peer)) {
                        enabled.add(peer);
                    }
                }
                for (long bytes : plan.sizes()) {
                    progress.measuring(kept.size() - before, total, t.id() + " " + ByteSize.ofBytes(bytes).format());
                    kept.add(measure(plan, t, bytes, chaser));
                }
            }
        } finally {
            // Peer access is the process's state, not this run's: give back what this run turned on.
            for (CudaDevice peer : enabled) {
                device.disablePeerAccess(peer);
            }
        }
        return new LatencyRun(kept.since(before), reach.waived());
    }

    /** Why {@code target} cannot be chased from this GPU, or empty when it can. */
    private Optional<String> reachable(LatencyTarget target) {
        return switch (target.kind()) {
            case DEVICE -> Optional.empty();
            case HOST -> device.attribute(DeviceAttribute.CAN_MAP_HOST_MEMORY) != 0
                    && device.attribute(DeviceAttribute.UNIFIED_ADDRESSING) != 0 ? Optional.empty()
                    : Optional.of("GPU " + device.index() + " cannot map host memory into its address"
                    + " space (cudaDevAttrCanMapHostMemory or cudaDevAttrUnifiedAddressing is 0)");
            case PEER -> device.canAccessPeer(cuda.device(target.peer())) ? Optional.empty()
                    : Optional.of("GPU " + device.index() + " cannot read GPU " + target.peer()
                    + "'s memory (cudaDeviceCanAccessPeer is 0)");
        };
    }

    private LatencyResult measure(LatencyPlan plan, LatencyTarget target, long bytes, Chaser chaser) {
        int nodes = LatencyPlan.nodes(bytes);
        ChaseCycle cycle = ChaseCycle.of(nodes, plan.order(), plan.seed());
        if (target.kind() == LatencyTarget.Kind.HOST) {
            try (HostBuffer host = HostMemoryKind.PINNED.allocate(bytes)) {
                // Portable pinned memory under unified addressing: the host address is the device's too.
                long base = host.segment().address();
                ChainWriter.write(host.segment(), cycle, base, 0, nodes);
                return chaser.chase(plan, target, bytes, cycle, base);
            }
        }
        CudaDevice owner = target.kind() == LatencyTarget.Kind.PEER ? cuda.device(target.peer()) : device;
        try (DeviceBuffer memory = DeviceBuffer.allocate(owner, bytes)) {
            long base = memory.address().address();
            writeThroughStaging(memory, cycle, base);
            return chaser.chase(plan, target, bytes, cycle, base);
        }
    }

    /** Writes the chain into device memory a piece at a time, so a 1 GiB chain needs 16 MiB of host memory. */
    private static void writeThroughStaging(DeviceBuffer memory, ChaseCycle cycle, long base) {
        int perPiece = STAGING_BYTES / LatencyPlan.NODE_BYTES;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(Math.min(STAGING_BYTES, memory.bytes()));
            for (int first = 0; first < cycle.nodes(); first += perPiece) {
                int count = Math.min(perPiece, cycle.nodes() - first);
                ChainWriter.write(staging, cycle, base, first, count);
                Memcpy.copy(memory.address((long) first * LatencyPlan.NODE_BYTES), staging,
                        (long) count * LatencyPlan.NODE_BYTES, CopyKind.HOST_TO_DEVICE);
            }
        }
    }

    /** One GPU's chase kernel with its stream, events and result word, launched again for each chase. */
    private final class Chaser {
        private final Kernel kernel;
        private final CudaStream stream;
        private final CudaEvent start;
        private final CudaEvent stop;
        private final DeviceBuffer end;
        private final MemorySegment endOnHost;

        Chaser(Kernel kernel, CudaStream stream, CudaEvent start, CudaEvent stop, DeviceBuffer end,
               MemorySegment endOnHost) {
            this.kernel = kernel;
            this.stream = stream;
            this.start = start;
            this.stop = stop;
            this.end = end;
            this.endOnHost = endOnHost;
        }

        LatencyResult chase(LatencyPlan plan, LatencyTarget target, long bytes, ChaseCycle cycle, long base) {
            // Each chase starts where the one before it stopped, so no timed chase retraces a path an
            // earlier one left in the caches: past L2 (50 MB) the GPU's own memory shows DRAM, not L2.
            // The untimed first chase (the one warm-up run, no minimum time) pays for first touches:
            // TLB misses, and for the GPU's own memory the caches a buffer that fits in them is then read from.
            Chases chases = new Chases(plan, target, base, cycle);
            double[] milliseconds = new SampleLoop(new Warmup(1, 0), plan.iterations()).stoppingAt(progress)
                    .settingUp(chases::prepare).checkingEach(chases::check)
                    .milliseconds(new EventClock(start, stop, stream), chases::launch);
            double[] nanoseconds = new double[milliseconds.length];
            for (int i = 0; i < milliseconds.length; i++) {
                nanoseconds[i] = milliseconds[i] * 1e6 / plan.accesses();
            }
            return new LatencyResult(target, bytes, plan.accesses(), Summarized.of(nanoseconds, "ns"), chases.failure());
        }

        /**
         * The chases of one row, numbered from 0 (the untimed one), each from where the one before
         * it stopped; the first that did not end where the host's walk ends is kept as a failure line.
         */
        private final class Chases {
            private final LatencyPlan plan;
            private final LatencyTarget target;
            private final long base;
            private final ChaseCycle cycle;
            private int next;
            private long expected;
            private KernelArguments arguments;
            private Optional<String> failure = Optional.empty();

            Chases(LatencyPlan plan, LatencyTarget target, long base, ChaseCycle cycle) {
                this.plan = plan;
                this.target = target;
                this.base = base;
                this.cycle = cycle;
            }

            /** Before the start mark: the next chase's start and end, and its result word cleared. */
            void prepare() {
                int chase = next++;
                long from = ChainWriter.address(base, cycle.after((long) chase * plan.accesses()));
                expected = ChainWriter.address(base, cycle.after((long) (chase + 1) * plan.accesses()));
                // Allocating a peer's buffer made the peer current; the chase runs on this GPU.
                device.makeCurrent();
                end.fillAsync(0, stream);
                arguments = new KernelArguments().pointer(MemorySegment.ofAddress(from))
                        .int64(plan.accesses()).int32(target.uncached() ? 1 : 0).pointer(end.address());
            }

            /** The timed work: the chase's launch alone. */
            void launch() {
                kernel.launch(1, 1, arguments, stream);
            }

            /** After the stop mark (the chase is complete): whether it ended where the host's walk ends. */
            void check() {
                Memcpy.copy(endOnHost, end.address(), Long.BYTES, CopyKind.DEVICE_TO_HOST);
                long ended = endOnHost.get(ValueLayout.JAVA_LONG, 0);
                if (ended != expected && failure.isEmpty()) {
                    failure = Optional.of(String.format(java.util.Locale.ROOT,
                            "the chase ended at 0x%x, not at 0x%x where the host's walk of the same cycle ends:"
                                    + " the chain on the device is not the one written", ended, expected));
                }
            }

            Optional<String> failure() {
                return failure;
            }
        }
    }
}
