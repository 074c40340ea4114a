package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.bandwidth.TimedCopy;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ObjIntConsumer;

/**
 * Every selected GPU copying at the same time ({@code --concurrent}), as nvbandwidth's
 * host_to_all and all_to_host do: what the GPUs get when they share the host's memory, root
 * complexes and switches.
 * <p>
 * Each GPU has a lane: its own thread (which makes the GPU current), pinned host buffer, device
 * buffer, non-blocking stream and pair of events. Every iteration starts on all lanes together:
 * the calling thread runs the {@link SampleLoop}, each of whose samples is one round of a
 * {@link Lockstep} (the lanes released at once from a barrier, each issuing its copy and waiting
 * for it, a lane that fails releasing the others). Each lane's copy
 * is timed by its own events (or the host clock with {@code --timer wall}); the aggregate of an
 * iteration is all lanes' bytes over the time from the earliest start to the latest end on the
 * host clock, which includes a few microseconds of issuing and waiting (use sizes of 64 MiB and
 * more to make that negligible).
 * <p>
 * Data is checked per GPU as the one-GPU path does: the pattern goes into each lane's host
 * buffer, H2D copies it to its device, the host buffer is poisoned, D2H copies it back, and each
 * host buffer must equal the pattern; a direction not asked for runs once, untimed, in parallel.
 */
public final class ConcurrentBenchmark {
    private final List<CudaDevice> devices;
    private final List<OptionalDouble> linkGBps;
    private final ObjIntConsumer<MemorySegment> beforeCompare;

    /**
     * @param devices       the GPUs, at least two, in the order selected
     * @param linkGBps      each GPU's link rate per direction, when known; same order
     * @param beforeCompare runs on each lane's host buffer (with the lane's device index) just
     *                      before it is compared with the pattern; tests plant corruption there
     */
    public ConcurrentBenchmark(List<CudaDevice> devices, List<OptionalDouble> linkGBps,
                               ObjIntConsumer<MemorySegment> beforeCompare) {
        if (devices.size() < 2 || devices.size() != linkGBps.size()) {
            throw new IllegalArgumentException("at least two devices, each with its link rate (or none)");
        }
        this.devices = List.copyOf(devices);
        this.linkGBps = List.copyOf(linkGBps);
        this.beforeCompare = beforeCompare;
    }

    /** The results and any verification failures of one run. */
    public record Outcome(List<ConcurrentResult> results, List<VerificationFailure> failures) {
    }

    /** What a plan must be for copying at once: pinned memory, h2d and d2h only. */
    public static void requireSupported(BandwidthPlan plan) {
        if (!plan.memories().equals(List.of(HostMemoryKind.PINNED))) {
            throw new IllegalArgumentException("--concurrent copies pinned memory only (--memory pinned), not "
                    + String.join(",", plan.memories().stream().map(HostMemoryKind::label).toList()));
        }
        for (CopyDirection d : plan.directions()) {
            if (d != CopyDirection.H2D && d != CopyDirection.D2H) {
                throw new IllegalArgumentException("--concurrent measures h2d and d2h only, not " + d.label());
            }
        }
    }

    /** The number of result rows, for progress: one per size and direction. */
    public static int configurations(BandwidthPlan plan) {
        return plan.sizes().size() * plan.directions().size();
    }

    /** Fails before anything is measured when the largest size cannot fit in a device's free memory. */
    public void checkFits(BandwidthPlan plan) {
        long largest = plan.sizes().stream().mapToLong(Long::longValue).max().orElseThrow();
        for (CudaDevice device : devices) {
            InsufficientDeviceMemoryException.requireFits(device, largest, "size " + largest + " B");
        }
    }

    /** Runs the plan with no one watching. */
    public Outcome run(BandwidthPlan plan) {
        return run(plan, Progress.NONE);
    }

    /** As {@link #run(BandwidthPlan)}, reporting to {@code progress}: the engine that checked the plan's fit runs it. */
    public Outcome run(BandwidthPlan plan, Progress progress) {
        requireSupported(plan);
        checkFits(plan);
        List<ConcurrentResult> results = new ArrayList<>();
        List<VerificationFailure> failures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(devices.size(), task -> {
            Thread t = new Thread(task, "xfer-concurrent");
            t.setDaemon(true); // a run past --timeout must not keep the JVM alive
            return t;
        });
        List<Lane> lanes = new ArrayList<>();
        for (int g = 0; g < devices.size(); g++) {
            lanes.add(new Lane(devices.get(g)));
        }
        try {
            onEveryLane(pool, lanes, Lane::open);
            int total = configurations(plan);
            for (long size : plan.sizes()) {
                try (HostBuffer reference = HostMemoryKind.PAGEABLE.allocate(size)) {
                    DataPattern.fill(reference.segment(), size);
                    measureSize(pool, lanes, plan, size, reference.segment(), results, failures, total, progress);
                }
            }
        } finally {
            try {
                onEveryLane(pool, lanes, Lane::close);
            } finally {
                pool.shutdownNow();
            }
        }
        return new Outcome(results, failures);
    }

    private void measureSize(ExecutorService pool, List<Lane> lanes, BandwidthPlan plan, long size,
                             MemorySegment reference, List<ConcurrentResult> results,
                             List<VerificationFailure> failures, int total, Progress progress) {
        try {
            onEveryLane(pool, lanes, lane -> lane.allocate(size, reference));
            Samples h2d = copies(pool, lanes, plan, size, CopyDirection.H2D, results.size(), total, progress);
            onEveryLane(pool, lanes, lane -> DataPattern.poison(lane.host.segment()));
            Samples d2h = copies(pool, lanes, plan, size, CopyDirection.D2H,
                    results.size() + (h2d == null ? 0 : 1), total, progress);
            boolean[] ok = new boolean[lanes.size()];
            for (int g = 0; g < lanes.size(); g++) {
                ok[g] = verify(lanes.get(g), size, reference, failures);
            }
            for (CopyDirection d : plan.directions()) {
                results.add(result(d, size, d == CopyDirection.H2D ? h2d : d2h, ok));
            }
        } finally {
            onEveryLane(pool, lanes, Lane::free);
        }
    }

    /** One direction on every lane at once: measured in lockstep when asked for, else once, untimed. */
    private Samples copies(ExecutorService pool, List<Lane> lanes, BandwidthPlan plan, long size,
                           CopyDirection direction, int done, int total, Progress progress) {
        CopyKind kind = direction == CopyDirection.H2D ? CopyKind.HOST_TO_DEVICE : CopyKind.DEVICE_TO_HOST;
        if (!plan.directions().contains(direction)) {
            onEveryLane(pool, lanes, lane -> lane.copy(kind, size, CopyTimer.WALL));
            return null;
        }
        progress.measuring(done, total, HostMemoryKind.PINNED.label() + " " + direction + " " + size + " B on "
                + lanes.size() + " GPUs at once");
        List<List<LaneCopy>> rounds;
        // At least --warmup rounds and Warmup.MIN_NANOS of them, as for one GPU, then the timed ones,
        // each after a safe point: between rounds every lane is idle, so a stop frees the lanes there.
        try (Lockstep<LaneCopy> lockstep = new Lockstep<>(pool, lanes.size(), g -> lanes.get(g).device.makeCurrent(),
                g -> {
                    long t0 = System.nanoTime();
                    double seconds = lanes.get(g).copy(kind, size, plan.timer());
                    return new LaneCopy(seconds, t0, System.nanoTime());
                })) {
            rounds = new SampleLoop(new Warmup(plan.warmup()), plan.iterations()).stoppingAt(progress)
                    .samples(lockstep::round);
        }
        return new Samples(rounds, lanes.size());
    }

    /** One lane's copy in one round: the seconds by the timer, and its start and end on the host clock. */
    private record LaneCopy(double seconds, long startNanos, long endNanos) {
    }

    private boolean verify(Lane lane, long size, MemorySegment reference, List<VerificationFailure> failures) {
        MemorySegment actual = lane.host.segment();
        beforeCompare.accept(actual, lane.device.index());
        long offset = DataPattern.firstMismatch(actual, reference);
        if (offset < 0) {
            return true;
        }
        failures.add(new VerificationFailure("concurrent pinned h2d+d2h " + size + " B on device "
                + lane.device.index(), offset, reference.get(ValueLayout.JAVA_BYTE, offset),
                actual.get(ValueLayout.JAVA_BYTE, offset)));
        return false;
    }

    private ConcurrentResult result(CopyDirection direction, long size, Samples samples, boolean[] ok) {
        List<ConcurrentResult.GpuShare> shares = new ArrayList<>();
        for (int g = 0; g < devices.size(); g++) {
            // A timer that gave NaN or no time leaves this GPU's share a failed result with why, no figure.
            Summarized summarized = Summarized.ofRates(size, samples.seconds[g]);
            if (!(summarized instanceof Summary rates)) {
                shares.add(new ConcurrentResult.GpuShare(devices.get(g).index(), summarized, summarized,
                        OptionalDouble.empty(), ok[g]));
                continue;
            }
            double[] micros = new double[samples.seconds[g].length];
            for (int i = 0; i < micros.length; i++) {
                micros[i] = samples.seconds[g][i] * 1e6;
            }
            shares.add(new ConcurrentResult.GpuShare(devices.get(g).index(), rates, Summary.of(micros),
                    ConcurrentResult.percentOf(rates.median(), linkGBps.get(g)), ok[g]));
        }
        return new ConcurrentResult(HostMemoryKind.PINNED.label(), direction.label(), size, shares,
                ConcurrentResult.aggregateRates(size, samples.startNanos, samples.endNanos), OptionalDouble.empty());
    }

    /** Per lane, per timed iteration: the copy's seconds by the timer, and host-clock start and end. */
    private static final class Samples {
        final double[][] seconds;
        final long[][] startNanos;
        final long[][] endNanos;

        Samples(List<List<LaneCopy>> rounds, int lanes) {
            int iterations = rounds.size();
            seconds = new double[lanes][iterations];
            startNanos = new long[lanes][iterations];
            endNanos = new long[lanes][iterations];
            for (int slot = 0; slot < iterations; slot++) {
                for (int lane = 0; lane < lanes; lane++) {
                    LaneCopy c = rounds.get(slot).get(lane);
                    seconds[lane][slot] = c.seconds();
                    startNanos[lane][slot] = c.startNanos();
                    endNanos[lane][slot] = c.endNanos();
                }
            }
        }
    }

    /** One GPU's thread-confined resources: made, used and freed with that GPU current. */
    private static final class Lane {
        private final CudaDevice device;
        private CudaStream stream;
        private CudaEvent start;
        private CudaEvent stop;
        private HostBuffer host;
        private DeviceBuffer buffer;

        Lane(CudaDevice device) {
            this.device = device;
        }

        void open() {
            stream = CudaStream.create(device, true);
            start = CudaEvent.timing(device);
            stop = CudaEvent.timing(device);
        }

        /** The pinned host buffer (made with this GPU current, on this lane's thread) and the device buffer. */
        void allocate(long size, MemorySegment reference) {
            host = HostMemoryKind.PINNED.allocate(size);
            buffer = DeviceBuffer.allocate(device, size);
            MemorySegment.copy(reference, 0, host.segment(), 0, size);
        }

        /** One copy on this lane's stream; the seconds it took by {@code timer}. */
        double copy(CopyKind kind, long size, CopyTimer timer) {
            MemorySegment dst = kind == CopyKind.HOST_TO_DEVICE ? buffer.address() : host.segment();
            MemorySegment src = kind == CopyKind.HOST_TO_DEVICE ? host.segment() : buffer.address();
            return new TimedCopy(timer, start, stop).run(dst, src, size, kind, true, stream);
        }

        void free() {
            try {
                if (buffer != null) {
                    buffer.close();
                }
            } finally {
                buffer = null;
                if (host != null) {
                    host.close();
                }
                host = null;
            }
        }

        void close() {
            try {
                free();
            } finally {
                try {
                    closeAll(start, stop);
                } finally {
                    if (stream != null) {
                        stream.close();
                    }
                }
            }
        }

        private static void closeAll(CudaEvent... events) {
            for (CudaEvent e : events) {
                if (e != null) {
                    e.close();
                }
            }
        }
    }

    @FunctionalInterface
    private interface LaneStep {
        void run(Lane lane);
    }

    /** {@code step} on every lane at once, each on a pool thread with its GPU current; waits for all. */
    private static void onEveryLane(ExecutorService pool, List<Lane> lanes, LaneStep step) {
        List<Callable<Void>> tasks = new ArrayList<>();
        for (Lane lane : lanes) {
            tasks.add(() -> {
                lane.device.makeCurrent();
                step.run(lane);
                return null;
            });
        }
        invokeAll(pool, tasks);
    }

    /** Runs the tasks, waits for all of them, and rethrows the first failure. */
    private static void invokeAll(ExecutorService pool, List<Callable<Void>> tasks) {
        List<Future<Void>> futures;
        try {
            futures = pool.invokeAll(tasks);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the GPUs were copying", e);
        }
        RuntimeException first = Lockstep.firstFailure(futures);
        if (first != null) {
            throw first;
        }
    }
}
