package dev.xfer.app.overlap;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.GatedEventClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.PlacedRun;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * async.cu's experiment: the same array through H2D, kernel and D2H in three orders, each
 * iteration timed by events on the legacy default stream. The chunk streams are blocking
 * streams, as async.cu's cudaStreamCreate makes, so the stop event waits for all of them.
 * <p>
 * With {@code --start gated} ({@link OverlapPlan#gated()}) each timed iteration, start and stop
 * events included, is queued behind {@code hold_stream} on the legacy stream, which holds the
 * blocking chunk streams too, and the gate opens once all of it is queued ({@link GatedEventClock}).
 * The sequential schedule then queues its copies with cudaMemcpyAsync on the legacy stream: the same
 * order on the device, but a synchronous cudaMemcpy would wait on the host for the held stream.
 * The recorded iterations (the timelines) start behind the same gate in either mode.
 * <p>
 * {@link #run(OverlapPlan, NodeTarget)} runs the plan with the measuring thread placed on a NUMA
 * node: the host array (pinned, registered or write-combined memory, or pageable) is allocated and
 * first touched by this thread after the binding, so its pages come from that node, and the
 * outcome says where sampled pages of it really were.
 */
public final class OverlapBenchmark {
    /** 64 KiB of floats per bulk read in {@link #maxError}. */
    private static final int ERROR_CHUNK = 16_384;

    private final CudaDevice device;
    private final Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes;

    /** An engine for {@code device}; each run is handed the progress it reports to ({@link #run(OverlapPlan, NodeTarget, Progress)}). */
    public OverlapBenchmark(CudaDevice device) {
        this(device, HostMemoryNodes::sample);
    }

    /**
     * @param pageNodes where the host array's pages are, sampled once it is allocated; empty when
     *                  that cannot be known
     */
    public OverlapBenchmark(CudaDevice device, Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes) {
        this.device = device;
        this.pageNodes = pageNodes;
    }

    /**
     * The model and the schedules' results of one run.
     *
     * @param target where it ran: the node, and the CPUs the measuring thread was really bound to
     */
    public record Outcome(Optional<OverlapModel> model, List<OverlapResult> results, NodeTarget target,
                          List<ScheduleTimeline> timelines) {
        public Outcome {
            timelines = List.copyOf(timelines);
        }
    }

    /** Runs the plan where the calling thread is, nothing placed, with no one watching. */
    public Outcome run(OverlapPlan plan) {
        return run(plan, Progress.NONE);
    }

    /** Runs the plan where the calling thread is, nothing placed, reporting to {@code progress}. */
    public Outcome run(OverlapPlan plan, Progress progress) {
        return run(plan, NodeTarget.unplaced(), progress);
    }

    /**
     * Runs the plan on the calling thread, bound to {@code target}'s CPUs and its memory to
     * {@code target}'s node for the duration; both are put back afterwards. No one watches.
     */
    public Outcome run(OverlapPlan plan, NodeTarget target) {
        return run(plan, target, Progress.NONE);
    }

    /**
     * As {@link #run(OverlapPlan, NodeTarget)}, reporting to {@code pass}: one engine runs every
     * pass of a placement (--numa-node all), each pass counted on in its own progress.
     */
    public Outcome run(OverlapPlan plan, NodeTarget target, Progress pass) {
        InsufficientDeviceMemoryException.requireFits(device, plan.bytes(), "an array of " + plan.elements() + " floats");
        PlacedRun.Result<Outcome> placed = PlacedRun.run(target, () -> measure(plan, target, pass));
        Outcome outcome = placed.value();
        return new Outcome(outcome.model(), outcome.results(), placed.target(), outcome.timelines());
    }

    private Outcome measure(OverlapPlan plan, NodeTarget target, Progress progress) {
        device.makeCurrent();
        try (XferKernels kernels = XferKernels.load();
             HostBuffer host = plan.memory().allocate(plan.bytes());
             DeviceBuffer array = DeviceBuffer.allocate(device, plan.bytes());
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             Streams streams = new Streams(device, plan.streams());
             // Last, so it closes first: the gate opens before the streams and buffers go. A plain
             // run holds its recorded iterations behind it; a gated one its timed runs too.
             StreamGate gate = new StreamGate(kernels.holdStream())) {
            if (plan.memory().placedByTouch()) {
                PlacedRun.settle(host.segment(), target);
            }
            // Pages are sampled only for a placed run: an unplaced run asked no question about them.
            Optional<HostMemoryNodes> pages = target.placed() ? pageNodes.apply(host.segment()) : Optional.empty();
            Kernel kernel = kernels.overlap();
            Work work = new Work(plan, kernel, host.segment(), array, streams, start, stop, gate);
            int total = plan.schedules().size() + 1;
            progress.measuring(0, total, "warming up the JIT on every schedule");
            work.warmUpCallPath();
            progress.measuring(0, total, "model: each stage alone");
            Map<String, Summarized> stages = work.stages();
            Optional<String> modelWhyNot = stages.entrySet().stream().flatMap(e -> e.getValue().whyNot()
                    .map(why -> "the model's " + e.getKey() + " alone: " + why).stream()).findFirst();
            if (modelWhyNot.isPresent()) {
                // No model, no efficiency to judge a schedule by: each is a failed result with why, none timed.
                Summarized none = new Summarized.Unsummarizable(modelWhyNot.get());
                List<OverlapResult> failed = plan.schedules().stream().map(schedule -> new OverlapResult(schedule, none,
                        Double.NaN, OptionalDouble.empty(), Double.NaN, Double.NaN, target.node(), pages)).toList();
                return new Outcome(Optional.empty(), failed, target, List.of());
            }
            OverlapModel model = work.model(stages);
            Map<OverlapSchedule, Summarized> times = new EnumMap<>(OverlapSchedule.class);
            Map<OverlapSchedule, Double> errors = new EnumMap<>(OverlapSchedule.class);
            for (OverlapSchedule schedule : plan.schedules()) {
                progress.measuring(times.size() + 1, total, "schedule " + schedule);
                times.put(schedule, Summarized.of(work.time(schedule), "ms"));
                errors.put(schedule, maxError(host.segment(), plan.elements()));
            }
            // Speedups once every schedule ran, so the order of --schedules does not matter.
            Optional<Summary> sequential = Optional.ofNullable(times.get(OverlapSchedule.SEQUENTIAL))
                    .flatMap(Summarized::measured);
            List<OverlapResult> results = new ArrayList<>();
            for (OverlapSchedule schedule : plan.schedules()) {
                if (!(times.get(schedule) instanceof Summary summary)) {
                    // The timer gave no time: a failed result with its reason, and no figure made from it.
                    results.add(new OverlapResult(schedule, times.get(schedule), Double.NaN, OptionalDouble.empty(),
                            errors.get(schedule), Double.NaN, target.node(), pages));
                    continue;
                }
                OptionalDouble speedup = sequential.isEmpty()
                        ? OptionalDouble.empty() : OptionalDouble.of(sequential.get().median() / summary.median());
                double gbps = 2.0 * plan.bytes() / (summary.median() / 1e3) / 1e9;
                results.add(new OverlapResult(schedule, summary, gbps, speedup, errors.get(schedule),
                        model.efficiency(summary.median()), target.node(), pages));
            }
            // One more untimed iteration per schedule, with an event around every operation.
            List<ScheduleTimeline> timelines = new ArrayList<>();
            for (OverlapSchedule schedule : plan.schedules()) {
                timelines.add(work.record(schedule));
            }
            return new Outcome(Optional.of(model), results, target, timelines);
        }
    }

    /**
     * max |a[i] - 1|, as async.cu prints it; NaN when any element is NaN. The array is read in bulk
     * chunks: element by element through the segment, a cold JVM (the quick smoke profile) spent
     * a tenth of a second per 16 MiB before the JIT compiled the loop. Public for smoke's
     * warm-up of the host loops (dev.xfer.app.smoke.HostLoopWarmup).
     */
    public static double maxError(MemorySegment host, long elements) {
        double max = 0;
        float[] chunk = new float[(int) Math.min(ERROR_CHUNK, elements)];
        for (long start = 0; start < elements; start += chunk.length) {
            int n = (int) Math.min(chunk.length, elements - start);
            MemorySegment.copy(host, ValueLayout.JAVA_FLOAT, start * Float.BYTES, chunk, 0, n);
            for (int i = 0; i < n; i++) {
                float v = chunk[i];
                if (Float.isNaN(v)) {
                    return Double.NaN;
                }
                max = Math.max(max, Math.abs(v - 1.0f));
            }
        }
        return max;
    }

    /** The chunk streams, destroyed together. */
    static final class Streams implements AutoCloseable {
        private final List<CudaStream> streams = new ArrayList<>();
        private final CudaDevice device;

        Streams(CudaDevice device, int count) {
            this.device = device;
            try {
                for (int i = 0; i < count; i++) {
                    streams.add(CudaStream.create(device, false));
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        CudaStream get(int i) {
            return streams.get(i);
        }

        CudaDevice device() {
            return device;
        }

        @Override
        public void close() {
            for (CudaStream s : streams) {
                s.close();
            }
        }
    }

    /** Issues and times the stages and schedules of one plan. */
    private static final class Work {
        private final OverlapPlan plan;
        private final Kernel kernel;
        private final MemorySegment host;
        private final DeviceBuffer array;
        private final Streams streams;
        private final CudaEvent start;
        private final CudaEvent stop;
        private final CudaStream legacy = CudaStream.legacyDefault();
        private final List<Chunk> chunks;
        /** The gate the recorded iterations, and a gated run's timed ones, are queued behind. */
        private final StreamGate gate;
        /** Whether the timed runs are queued behind {@link #gate} too ({@code --start gated}). */
        private final boolean gated;

        Work(OverlapPlan plan, Kernel kernel, MemorySegment host, DeviceBuffer array, Streams streams,
             CudaEvent start, CudaEvent stop, StreamGate gate) {
            this.plan = plan;
            this.kernel = kernel;
            this.host = host;
            this.array = array;
            this.streams = streams;
            this.start = start;
            this.stop = stop;
            this.chunks = plan.chunks();
            this.gate = gate;
            this.gated = plan.gated();
        }

        /**
         * Runs every schedule untimed for the plan's {@code callPathWarmupNanos} first. The sequential schedule
         * exposes the host's time between its synchronous steps, so until the JIT has compiled
         * the downcall path it measured a few percent slower than the same loop in C.
         */
        void warmUpCallPath() {
            long start = System.nanoTime();
            while (System.nanoTime() - start < plan.callPathWarmupNanos()) {
                issue(OverlapSchedule.SEQUENTIAL).run();
                v1();
                v2();
                legacy.synchronize();
            }
        }

        /** Each stage alone on the whole array, by name, over the plan's iterations. */
        Map<String, Summarized> stages() {
            Chunk whole = new Chunk(0, 0, plan.elements());
            Map<String, Summarized> out = new LinkedHashMap<>();
            out.put("H2D", Summarized.of(samples(() -> h2d(whole, legacy)), "ms"));
            out.put("kernel", Summarized.of(samples(() -> kernel(whole, legacy)), "ms"));
            out.put("D2H", Summarized.of(samples(() -> d2h(whole, legacy)), "ms"));
            return out;
        }

        /** The model from each of {@link #stages}' medians; every stage has one. */
        OverlapModel model(Map<String, Summarized> stages) {
            return new OverlapModel(median(stages, "H2D"), median(stages, "kernel"), median(stages, "D2H"),
                    plan.streams());
        }

        private static double median(Map<String, Summarized> stages, String stage) {
            return stages.get(stage).measured().orElseThrow().median();
        }

        double[] time(OverlapSchedule schedule) {
            return samples(issue(schedule));
        }

        /** What one iteration of {@code schedule} queues; a gated run's sequential copies are asynchronous. */
        private Runnable issue(OverlapSchedule schedule) {
            return switch (schedule) {
                case SEQUENTIAL -> gated ? this::sequentialQueued : this::sequential;
                case V1 -> this::v1;
                case V2 -> this::v2;
            };
        }

        /**
         * Issues the schedule outside the timed iterations with a pair of timing events around
         * each operation on its own stream, all read against one reference event recorded on the
         * legacy stream behind the {@link StreamGate} (the chunk streams wait for it), opened once
         * the iteration is queued. In a plain run, an operation that waits on the host for the
         * held stream (the sequential schedule's synchronous copies, any copy of pageable memory)
         * opens the gate just before it is issued: the host then issues the rest at its own pace,
         * as that schedule does when timed. Twice: the first pass runs this code for the first
         * time (class loading, lambdas) and is not kept.
         */
        ScheduleTimeline record(OverlapSchedule schedule) {
            recordOnce(schedule);
            return recordOnce(schedule);
        }

        private ScheduleTimeline recordOnce(OverlapSchedule schedule) {
            host.fill((byte) 0);
            boolean sequential = schedule == OverlapSchedule.SEQUENTIAL;
            List<CudaStream> waiting = new ArrayList<>();
            for (int i = 0; !sequential && i < plan.streams(); i++) {
                waiting.add(streams.get(i));
            }
            try (Recorder recorder = new Recorder(device(), sequential ? 3 : 3 * chunks.size(), legacy,
                    () -> gate.hold(legacy), waiting)) {
                issueRecorded(schedule, recorder);
                gate.release();
                return new ScheduleTimeline(schedule, recorder.ops());
            } finally {
                gate.release(); // a failure anywhere, the Recorder's own included, must not leave the stream held
            }
        }

        /**
         * {@code issue} for a recorded operation: in a plain run, one that may wait on the host for
         * its stream (a synchronous copy, a pageable copy) first opens the gate, which would otherwise
         * hold that stream until {@code hold_stream}'s time limit. Opening it twice is harmless.
         */
        private Runnable recorded(boolean waitsOnHost, Runnable issue) {
            if (!waitsOnHost) {
                return issue;
            }
            return () -> {
                gate.release();
                issue.run();
            };
        }

        /** Whether a copy of the host array may wait on the host for its stream: pageable memory is staged by the driver. */
        private boolean copiesWaitOnHost() {
            return !plan.memory().isPageLocked();
        }

        private void issueRecorded(OverlapSchedule schedule, Recorder recorder) {
            switch (schedule) {
                case SEQUENTIAL -> {
                    Chunk whole = new Chunk(0, 0, plan.elements());
                    // A plain run's sequential copies are synchronous, as when it is timed: they wait on the host.
                    boolean waits = !gated || copiesWaitOnHost();
                    recorder.around(0, 0, TimedOp.Stage.H2D, legacy, recorded(waits, () -> copy(array.address(), host,
                            CopyKind.HOST_TO_DEVICE)));
                    recorder.around(0, 0, TimedOp.Stage.KERNEL, legacy, () -> kernel(whole, legacy));
                    recorder.around(0, 0, TimedOp.Stage.D2H, legacy, recorded(waits, () -> copy(host, array.address(),
                            CopyKind.DEVICE_TO_HOST)));
                }
                case V1 -> {
                    for (int i = 0; i < chunks.size(); i++) {
                        recordH2d(recorder, i);
                        recordKernel(recorder, i);
                        recordD2h(recorder, i);
                    }
                }
                case V2 -> {
                    for (int i = 0; i < chunks.size(); i++) {
                        recordH2d(recorder, i);
                    }
                    for (int i = 0; i < chunks.size(); i++) {
                        recordKernel(recorder, i);
                    }
                    for (int i = 0; i < chunks.size(); i++) {
                        recordD2h(recorder, i);
                    }
                }
            }
        }

        private void recordH2d(Recorder recorder, int i) {
            Chunk c = chunks.get(i);
            CudaStream s = streams.get(c.stream());
            recorder.around(c.stream(), i, TimedOp.Stage.H2D, s, recorded(copiesWaitOnHost(), () -> h2d(c, s)));
        }

        private void recordKernel(Recorder recorder, int i) {
            Chunk c = chunks.get(i);
            CudaStream s = streams.get(c.stream());
            recorder.around(c.stream(), i, TimedOp.Stage.KERNEL, s, () -> kernel(c, s));
        }

        private void recordD2h(Recorder recorder, int i) {
            Chunk c = chunks.get(i);
            CudaStream s = streams.get(c.stream());
            recorder.around(c.stream(), i, TimedOp.Stage.D2H, s, recorded(copiesWaitOnHost(), () -> d2h(c, s)));
        }

        private CudaDevice device() {
            return streams.device();
        }

        private void sequential() {
            Chunk whole = new Chunk(0, 0, plan.elements());
            Memcpy.copy(array.address(), host, plan.bytes(), CopyKind.HOST_TO_DEVICE);
            kernel(whole, legacy);
            Memcpy.copy(host, array.address(), plan.bytes(), CopyKind.DEVICE_TO_HOST);
        }

        /** The sequential schedule queued without waiting: the same order on the legacy stream. */
        private void sequentialQueued() {
            Chunk whole = new Chunk(0, 0, plan.elements());
            Memcpy.copyAsync(array.address(), host, plan.bytes(), CopyKind.HOST_TO_DEVICE, legacy);
            kernel(whole, legacy);
            Memcpy.copyAsync(host, array.address(), plan.bytes(), CopyKind.DEVICE_TO_HOST, legacy);
        }

        /** The whole array one way on the legacy stream: waited for by a plain run, queued by a gated one. */
        private void copy(MemorySegment dst, MemorySegment src, CopyKind kind) {
            if (gated) {
                Memcpy.copyAsync(dst, src, plan.bytes(), kind, legacy);
            } else {
                Memcpy.copy(dst, src, plan.bytes(), kind);
            }
        }

        private void v1() {
            for (Chunk c : chunks) {
                CudaStream s = streams.get(c.stream());
                h2d(c, s);
                kernel(c, s);
                d2h(c, s);
            }
        }

        private void v2() {
            for (Chunk c : chunks) {
                h2d(c, streams.get(c.stream()));
            }
            for (Chunk c : chunks) {
                kernel(c, streams.get(c.stream()));
            }
            for (Chunk c : chunks) {
                d2h(c, streams.get(c.stream()));
            }
        }

        private void h2d(Chunk c, CudaStream s) {
            long offset = c.begin() * Float.BYTES;
            Memcpy.copyAsync(array.address(offset), host.asSlice(offset), c.length() * Float.BYTES,
                    CopyKind.HOST_TO_DEVICE, s);
        }

        private void d2h(Chunk c, CudaStream s) {
            long offset = c.begin() * Float.BYTES;
            Memcpy.copyAsync(host.asSlice(offset), array.address(offset), c.length() * Float.BYTES,
                    CopyKind.DEVICE_TO_HOST, s);
        }

        private void kernel(Chunk c, CudaStream s) {
            long blocks = Math.min((c.length() + plan.blockSize() - 1) / plan.blockSize(), Integer.MAX_VALUE);
            kernel.launch(blocks, plan.blockSize(), new KernelArguments()
                    .pointer(array.address()).int64(c.begin()).int64(c.end()).int32(plan.kernelIterations()), s);
        }

        /**
         * Times {@code issue} in milliseconds between two events on the legacy stream, which wait
         * for the blocking chunk streams; the host array is zeroed before every run, outside the
         * window, so each run's kernel adds to zeros, as async.cu's memset makes it, and the error
         * check reads one run's result. A gated run queues the events and {@code issue} behind the
         * gate ({@link GatedEventClock}); a failure while queuing opens the gate at once.
         */
        private double[] samples(Runnable issue) {
            SampleLoop loop = new SampleLoop(new Warmup(plan.warmup(), plan.warmupNanos()), plan.iterations())
                    .settingUp(() -> host.fill((byte) 0));
            if (!gated) {
                return loop.milliseconds(new EventClock(start, stop, legacy), issue);
            }
            GatedEventClock clock = new GatedEventClock(start, stop, legacy, gate::hold, gate::release);
            return loop.milliseconds(clock, clock.guarding(issue));
        }

    }
}
