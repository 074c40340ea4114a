package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.KernelCopy;
import dev.xfer.app.bandwidth.KernelTiming;
import dev.xfer.app.bandwidth.LaunchShape;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.bandwidth.TimedCopy;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.stats.Summary;
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
import java.util.function.ObjIntConsumer;

/**
 * GPU-to-GPU copy rates for every ordered pair of the selected devices ({@code --direction p2p}),
 * the way CUDA's p2pBandwidthLatencyTest measures them.
 * <p>
 * First, for every ordered pair (a, b) where {@code cudaDeviceCanAccessPeer} says a can reach b's
 * memory, peer access is enabled ({@code cudaDeviceEnablePeerAccess} with a current); what this
 * run enabled it disables at the end. A pair without peer access both ways is still measured:
 * {@code cudaMemcpyPeerAsync} then goes through host memory, and the results say so.
 * <p>
 * Each device has two buffers of the size: A holds the pattern, B receives. For a pair (src, dst)
 * in the write form (the default; nvbandwidth's {@code _write} cases):
 * <ul>
 *   <li>one way: src's A to dst's B on a non-blocking stream of src, timed by events on that
 *       stream (or the host clock around the call and a synchronize, with {@code --timer wall});</li>
 *   <li>both ways: src's A to dst's B on src's stream and dst's A to src's B on dst's stream at
 *       once; dst's stream waits for the start event on src's stream, and src's stream waits for
 *       dst's copy before its stop event, so the events span both copies. The rate is both
 *       copies' bytes over that time.</li>
 * </ul>
 * In the read form ({@code --initiation read}; nvbandwidth's {@code _read} cases) every copy is
 * issued by the GPU it goes to instead: one way on dst's stream, timed there; both ways, src to
 * dst on dst's stream (which holds the events) and dst to src on src's, joined as above.
 * Before each, the receiving B buffers are poisoned; after the timed copies each is read back
 * into a poisoned host buffer and must equal the pattern.
 * <p>
 * With {@code --copy kernel}, every pair with peer access both ways is measured a second time by
 * xfer's copy kernel instead of {@code cudaMemcpyPeerAsync}, launched on the issuing GPU (one
 * block per SM of it, whatever {@code --blocks} says): in the write form on src, reading src's A
 * and writing into dst's B over the peer mapping; in the read form on dst, reading src's A over
 * the peer mapping and writing its own B; both ways, a kernel on each GPU at once. A pair without
 * peer access has no kernel result: a kernel cannot reach the other GPU's memory. A kernel sample
 * is the host rows' ({@link KernelTiming}; by default from 64 MiB 16 copies in one launch behind
 * {@code hold_stream} and one untimed lead-in copy under the events timer, like nvbandwidth's start
 * with one lead-in copy for its four warm-ups; one copy below), counted as its time over its copies.
 */
public final class PeerBenchmark {
    private final List<CudaDevice> devices;
    private final Progress progress;
    private final ObjIntConsumer<MemorySegment> beforeCompare;

    /**
     * @param devices       the GPUs, at least two, in the order selected
     * @param beforeCompare runs on the host copy of a receiving buffer (with the receiving device's
     *                      index) just before it is compared with the pattern; tests plant corruption there
     */
    public PeerBenchmark(List<CudaDevice> devices, Progress progress, ObjIntConsumer<MemorySegment> beforeCompare) {
        if (devices.size() < 2) {
            throw new IllegalArgumentException("peer copies need at least two devices, not " + devices.size());
        }
        this.devices = List.copyOf(devices);
        this.progress = progress;
        this.beforeCompare = beforeCompare;
    }

    /** The results (src-major, in the devices' order) and any verification failures of one run. */
    public record Outcome(List<PeerResult> results, List<VerificationFailure> failures) {
    }

    /** The measurements, for progress: per size, form, path and ordered pair, one way and both ways. */
    public static int configurations(BandwidthPlan plan, int devices) {
        return plan.sizes().size() * plan.peerInitiations().size() * devices * (devices - 1) * 2 * paths(plan).size();
    }

    /** Who copies between GPUs: the driver always, and the copy kernel when {@code --copy} names it. */
    public static List<CopyPath> paths(BandwidthPlan plan) {
        return plan.kernelCopies() ? List.of(CopyPath.DRIVER, CopyPath.KERNEL) : List.of(CopyPath.DRIVER);
    }

    /** Device memory each device needs for one size: the pattern buffer and the receiving one. */
    public static long deviceBytesNeeded(long size) {
        return Math.multiplyExact(size, 2);
    }

    /** Fails before anything is measured when two buffers of the largest size cannot fit in a device's free memory. */
    public void checkFits(BandwidthPlan plan) {
        long largest = plan.sizes().stream().mapToLong(Long::longValue).max().orElseThrow();
        for (CudaDevice device : devices) {
            InsufficientDeviceMemoryException.requireFits(device, deviceBytesNeeded(largest), "size " + largest + " B");
        }
    }

    public Outcome run(BandwidthPlan plan) {
        checkFits(plan);
        int n = devices.size();
        boolean[][] reaches = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                reaches[a][b] = a != b && devices.get(a).canAccessPeer(devices.get(b));
            }
        }
        List<PeerResult> results = new ArrayList<>();
        List<VerificationFailure> failures = new ArrayList<>();
        List<Lane> lanes = new ArrayList<>();
        boolean[][] enabledHere = new boolean[n][n];
        try (Cleanup disable = () -> disablePeerAccess(enabledHere);
             Cleanup close = () -> closeLanes(lanes);
             XferKernels kernels = plan.kernelCopies() ? XferKernels.load() : null;
             StreamGate gate = kernels != null && plan.kernelTiming().mayGate(plan.timer())
                     ? new StreamGate(kernels.holdStream()) : null) {
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    if (reaches[a][b]) {
                        enabledHere[a][b] = devices.get(a).enablePeerAccess(devices.get(b));
                    }
                }
            }
            for (CudaDevice device : devices) {
                lanes.add(Lane.open(device));
            }
            Run run = new Run(plan, lanes, reaches, results, failures, configurations(plan, n),
                    kernels == null ? null : KernelCopy.of(kernels), gate);
            for (long size : plan.sizes()) {
                run.size(size);
            }
        }
        return new Outcome(results, failures);
    }

    /** A clean-up step for try-with-resources, so a failure in it never hides the one that ended the run. */
    @FunctionalInterface
    private interface Cleanup extends AutoCloseable {
        @Override
        void close();
    }

    private void disablePeerAccess(boolean[][] enabledHere) {
        RuntimeException first = null;
        for (int a = 0; a < enabledHere.length; a++) {
            for (int b = 0; b < enabledHere.length; b++) {
                if (enabledHere[a][b]) {
                    try {
                        devices.get(a).disablePeerAccess(devices.get(b));
                    } catch (RuntimeException e) {
                        first = first == null ? e : first;
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void closeLanes(List<Lane> lanes) {
        RuntimeException first = null;
        for (Lane lane : lanes) {
            try {
                lane.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One ordered pair of the selected devices (positions in the list, not CUDA indices) in one form, at one size. */
    private record Pair(int src, int dst, Initiation initiation, long bytes) {
    }

    /** One copy of a pair: the lane whose stream issues it (and whose GPU runs the kernel), and its buffers. */
    private record Copy(Lane issuer, DeviceBuffer into, DeviceBuffer from) {
    }

    /**
     * One device's stream and events, and the copy kernel's launch shape on it: read once as the
     * lane opens, so no launch asks the device for its multiprocessor count inside a timed window.
     */
    private record Lane(CudaDevice device, CudaStream stream, CudaEvent start, CudaEvent stop, CudaEvent done,
                        LaunchShape shape) {
        static Lane open(CudaDevice device) {
            LaunchShape shape = LaunchShape.ofBlocks(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT));
            CudaStream stream = CudaStream.create(device, true);
            return new Lane(device, stream, CudaEvent.timing(device), CudaEvent.timing(device),
                    CudaEvent.ordering(device), shape);
        }

        void close() {
            device.makeCurrent();
            try {
                start.close();
                stop.close();
                done.close();
            } finally {
                stream.close();
            }
        }
    }

    /** The state of one run, so the measuring methods need not pass it around. */
    private final class Run {
        private final BandwidthPlan plan;
        private final List<Lane> lanes;
        private final boolean[][] reaches;
        private final List<PeerResult> results;
        private final List<VerificationFailure> failures;
        private final int total;
        private final KernelCopy kernel;
        private final StreamGate gate;
        private int done;

        Run(BandwidthPlan plan, List<Lane> lanes, boolean[][] reaches, List<PeerResult> results,
            List<VerificationFailure> failures, int total, KernelCopy kernel, StreamGate gate) {
            this.kernel = kernel;
            this.gate = gate;
            this.plan = plan;
            this.lanes = lanes;
            this.reaches = reaches;
            this.results = results;
            this.failures = failures;
            this.total = total;
        }

        void size(long size) {
            int n = lanes.size();
            List<DeviceBuffer> patterns = new ArrayList<>();
            List<DeviceBuffer> targets = new ArrayList<>();
            try (HostBuffer reference = HostMemoryKind.PAGEABLE.allocate(size);
                 HostBuffer check = HostMemoryKind.PAGEABLE.allocate(size);
                 Cleanup free = () -> {
                     freeAll(patterns);
                     freeAll(targets);
                 }) {
                DataPattern.fill(reference.segment(), size);
                for (Lane lane : lanes) {
                    patterns.add(DeviceBuffer.allocate(lane.device(), size));
                    targets.add(DeviceBuffer.allocate(lane.device(), size));
                    Memcpy.copy(patterns.getLast().address(), reference.segment(), size, CopyKind.HOST_TO_DEVICE);
                }
                for (Initiation initiation : plan.peerInitiations()) {
                    for (int s = 0; s < n; s++) {
                        for (int d = 0; d < n; d++) {
                            if (s == d) {
                                continue;
                            }
                            Pair pair = new Pair(s, d, initiation, size);
                            results.add(measure(pair, patterns, targets, reference.segment(), check.segment(),
                                    CopyPath.DRIVER));
                            if (kernel != null && reaches[s][d] && reaches[d][s]) {
                                results.add(measure(pair, patterns, targets, reference.segment(), check.segment(),
                                        CopyPath.KERNEL));
                            } else if (kernel != null) {
                                done += 2; // counted in the total, not measured
                            }
                        }
                    }
                }
            }
        }

        private PeerResult measure(Pair pair, List<DeviceBuffer> patterns, List<DeviceBuffer> targets,
                                   MemorySegment reference, MemorySegment check, CopyPath path) {
            int s = pair.src();
            int d = pair.dst();
            long size = pair.bytes();
            Lane src = lanes.get(s);
            Lane dst = lanes.get(d);
            int from = src.device().index();
            int to = dst.device().index();
            String oneWayName = PeerResult.configuration(from, to, size, path, pair.initiation());
            String bothWaysName = PeerResult.bidirConfiguration(from, to, size, path, pair.initiation());
            // The write form issues each copy from the GPU it leaves, the read form from the one it reaches.
            boolean writes = pair.initiation() == Initiation.WRITE;
            Copy there = new Copy(writes ? src : dst, targets.get(d), patterns.get(s));
            Copy back = new Copy(writes ? dst : src, targets.get(s), patterns.get(d));

            progress.measuring(done++, total, oneWayName);
            poison(dst, targets.get(d));
            there.issuer().device().makeCurrent();
            double[] oneWay = repeat(() -> oneWay(there, size, path));
            boolean ok = readBack(dst, targets.get(d), oneWayName, reference, check);

            progress.measuring(done++, total, bothWaysName);
            poison(dst, targets.get(d));
            poison(src, targets.get(s));
            there.issuer().device().makeCurrent();
            double[] bothWays = repeat(() -> bothWays(there, back, size, path));
            boolean bidirOk = readBack(dst, targets.get(d), bothWaysName + " (into device " + to + ")", reference,
                    check);
            bidirOk &= readBack(src, targets.get(s), bothWaysName + " (into device " + from + ")", reference, check);

            return new PeerResult(from, to, size, reaches[s][d] && reaches[d][s], Summary.ofRates(size, oneWay),
                    Summary.ofRates(Math.multiplyExact(size, 2), bothWays), ok, bidirOk, path, pair.initiation());
        }

        /**
         * Queues {@code copy} on its issuer's stream: the driver's peer copy, or {@code copies} whole
         * copies by the copy kernel launched on the issuer's GPU (made current for the launch;
         * {@code current}, the caller's current device, is put back after).
         */
        private void issue(Copy copy, long size, CopyPath path, int copies, Lane current) {
            Lane lane = copy.issuer();
            if (path == CopyPath.DRIVER) {
                Memcpy.copyPeerAsync(copy.into(), copy.from(), size, lane.stream());
                return;
            }
            lane.device().makeCurrent();
            kernel.issue(copy.into().address(), copy.from().address(), size, lane.shape(), copies,
                    plan.kernelTiming().repeat(), lane.stream());
            current.device().makeCurrent();
        }

        /**
         * The plan's warm-up and timed runs of {@code copy}, which times itself: a copy both ways
         * waits across two GPUs' streams, more than one clock's two marks on one stream.
         */
        private double[] repeat(Measurement copy) {
            return new SampleLoop(new Warmup(plan.warmup()), plan.iterations()).samples(copy::seconds).stream()
                    .mapToDouble(Double::doubleValue).toArray();
        }

        /** {@code copy} alone, timed on its issuer's stream (the current device): seconds per copy. */
        private double oneWay(Copy copy, long size, CopyPath path) {
            Lane lane = copy.issuer();
            TimedCopy clock = new TimedCopy(plan.timer(), lane.start(), lane.stop());
            if (path == CopyPath.KERNEL) {
                return clock.sample(plan.kernelTiming(), size, gate, n -> issue(copy, size, path, n, lane), lane.stream());
            }
            return clock.time(() -> issue(copy, size, path, 1, lane), lane.stream());
        }

        /**
         * {@code timed} and {@code beside} at once, each on its issuer's stream: {@code timed}'s
         * stream (the current device) holds the events, and {@code beside}'s waits for the start
         * and is waited for before the stop, so the events span both copies. A kernel sample holds
         * as many copies each way as a one-way sample, both streams held and led in alike; seconds
         * per copy.
         */
        private double bothWays(Copy timed, Copy beside, long size, CopyPath path) {
            Lane first = timed.issuer();
            Lane second = beside.issuer();
            KernelTiming timing = plan.kernelTiming();
            boolean kernelSample = path == CopyPath.KERNEL;
            int copies = kernelSample ? timing.copiesFor(size) : 1;
            boolean gated = kernelSample && timing.gatedFor(size, plan.timer());
            boolean leadIn = kernelSample && timing.leadInFor(size, plan.timer());
            try {
                if (gated) {
                    gate.hold(first.stream());
                    second.device().makeCurrent();
                    gate.hold(second.stream());
                    first.device().makeCurrent();
                }
                if (leadIn) {
                    issue(timed, size, path, 1, first);
                    issue(beside, size, path, 1, first);
                    // The start waits for both lead-ins, so the second's tail is not inside the window.
                    second.done().record(second.stream());
                    first.stream().waitFor(second.done());
                }
                return switch (plan.timer()) {
                    case EVENTS -> {
                        first.start().record(first.stream());
                        second.stream().waitFor(first.start());
                        issue(timed, size, path, copies, first);
                        issue(beside, size, path, copies, first);
                        second.done().record(second.stream());
                        first.stream().waitFor(second.done());
                        first.stop().record(first.stream());
                        if (gated) {
                            gate.release();
                        }
                        first.stop().synchronize();
                        yield first.start().millisecondsTo(first.stop()) / 1e3 / copies;
                    }
                    case WALL -> {
                        if (gated) {
                            gate.release();
                        }
                        first.stream().synchronize();
                        second.stream().synchronize();
                        long t0 = System.nanoTime();
                        issue(timed, size, path, copies, first);
                        issue(beside, size, path, copies, first);
                        first.stream().synchronize();
                        second.stream().synchronize();
                        yield (System.nanoTime() - t0) / 1e9 / copies;
                    }
                };
            } finally {
                if (gated) {
                    gate.release(); // a failure while queuing must not leave either stream held
                }
                first.device().makeCurrent();
            }
        }

        private void poison(Lane lane, DeviceBuffer buffer) {
            lane.device().makeCurrent();
            buffer.fillAsync(DataPattern.POISON & 0xff, lane.stream());
            lane.stream().synchronize();
        }

        private boolean readBack(Lane lane, DeviceBuffer buffer, String configuration, MemorySegment reference,
                                 MemorySegment check) {
            lane.device().makeCurrent();
            DataPattern.poison(check);
            Memcpy.copy(check, buffer.address(), buffer.bytes(), CopyKind.DEVICE_TO_HOST);
            beforeCompare.accept(check, lane.device().index());
            long offset = DataPattern.firstMismatch(check, reference);
            if (offset < 0) {
                return true;
            }
            failures.add(new VerificationFailure(configuration, offset, reference.get(ValueLayout.JAVA_BYTE, offset),
                    check.get(ValueLayout.JAVA_BYTE, offset)));
            return false;
        }
    }

    private static void freeAll(List<DeviceBuffer> buffers) {
        RuntimeException first = null;
        for (DeviceBuffer b : buffers) {
            try {
                b.device().makeCurrent();
                b.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @FunctionalInterface
    private interface Measurement {
        double seconds();
    }
}
