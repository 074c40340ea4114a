package dev.xfer.app.pipeline;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.GatedEventClock;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.overlap.Recorder;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Streams batches from pinned host memory through the device and back. Batch b uses device
 * buffer and stream b mod buffers; stream order keeps a buffer from being refilled before its
 * last batch's D2H finished. Input batch b holds the value b mod 1000 everywhere, so a result
 * that lands in the wrong batch's place is caught, not only a missing one.
 * <p>
 * With {@code --start gated} every batch of a timed run is queued behind {@code hold_stream} on
 * the first stream, after a start event there that the other streams wait for, and the other
 * streams' ends are joined back into the first before the stop event; the gate opens once all of
 * it is queued ({@link GatedEventClock}). The window is then device time from the gate's opening to
 * the last batch's D2H, without the host's queuing or its per-batch waits: one buffer serializes
 * its batches by stream order instead of the host waiting for each.
 */
public final class PipelineBenchmark {
    private static final int BLOCK = 256;

    private final CudaDevice device;
    private final Progress progress;

    public PipelineBenchmark(CudaDevice device, Progress progress) {
        this.device = device;
        this.progress = progress;
    }

    /**
     * Runs {@code plan}: its result, or, when a stage of the model or the batches' timing gave no
     * time (NaN), why, without the timings after it.
     */
    public PipelineOutcome run(PipelinePlan plan) {
        InsufficientDeviceMemoryException.requireFits(device, plan.batchBytes() * plan.buffers(),
                plan.buffers() + " device buffers of " + plan.batchBytes() + " bytes");
        device.makeCurrent();
        List<DeviceBuffer> buffers = new ArrayList<>();
        List<CudaStream> streams = new ArrayList<>();
        List<CudaEvent> laneEnds = new ArrayList<>();
        try (XferKernels kernels = XferKernels.load();
             HostBuffer input = PipelinePlan.HOST_MEMORY.allocate(plan.totalBytes());
             HostBuffer output = PipelinePlan.HOST_MEMORY.allocate(plan.totalBytes());
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             // Last, so it closes first: the gate opens before the streams and buffers go. The recorded
             // run is queued behind it in either mode, a gated run's timed runs too.
             StreamGate gate = new StreamGate(kernels.holdStream())) {
            for (int i = 0; i < plan.buffers(); i++) {
                buffers.add(DeviceBuffer.allocate(device, plan.batchBytes()));
                streams.add(CudaStream.create(device, true));
                if (plan.gated() && i > 0) {
                    laneEnds.add(CudaEvent.ordering(device));
                }
            }
            fillInput(input.segment(), plan);
            Kernel kernel = kernels.overlap();
            Runner runner = new Runner(plan, kernel, input.segment(), output.segment(), buffers, streams, gate);
            progress.measuring(0, 2, "model: one batch's stages alone");
            Map<String, Summarized> stages = runner.stages(start, stop);
            for (Map.Entry<String, Summarized> stage : stages.entrySet()) {
                if (stage.getValue().whyNot().isPresent()) {
                    return new PipelineOutcome.Unmeasured("the model's " + stage.getKey() + " alone: "
                            + stage.getValue().whyNot().get());
                }
            }
            PipelineModel model = runner.model(stages);
            progress.measuring(1, 2, plan.batches() + " batches through " + plan.buffers() + " buffer(s)");
            // The host clock, as a training loop sees its batches: all() returns once every stream is idle.
            // The output is marked (NaN) before each timed run only, outside the window, so the check
            // below catches an element the last run never wrote back.
            // A gated run is timed by events from the gate's opening instead (see the class comment).
            GatedEventClock gated = plan.gated() ? runner.gatedClock(start, stop, streams.getFirst()) : null;
            SampleClock clock = gated != null ? gated : HostClock.untilReturn();
            Runnable work = gated != null ? gated.guarding(() -> runner.queued(start, laneEnds)) : runner::all;
            double[] ms = new SampleLoop(new Warmup(plan.warmup()), plan.iterations())
                    .settingUpTimed(() -> output.segment().fill((byte) 0xFF))
                    .milliseconds(clock, work);
            Summarized batches = Summarized.of(ms, "ms");
            if (!(batches instanceof Summary times)) {
                return new PipelineOutcome.Unmeasured("the batches: " + batches.whyNot().orElseThrow());
            }
            double error = maxError(input.segment(), output.segment(), plan);
            // After the error check, so the recorded run cannot hide a wrong result of the timed ones.
            ScheduleTimeline timeline = runner.record(device);
            return new PipelineResult(times, model, error, Optional.of(timeline));
        } finally {
            laneEnds.forEach(CudaEvent::close);
            streams.forEach(CudaStream::close);
            buffers.forEach(DeviceBuffer::close);
        }
    }

    static void fillInput(MemorySegment input, PipelinePlan plan) {
        long n = plan.elementsPerBatch();
        for (int b = 0; b < plan.batches(); b++) {
            float value = b % 1000;
            MemorySegment batch = input.asSlice(b * plan.batchBytes(), plan.batchBytes());
            for (long i = 0; i < n; i++) {
                batch.setAtIndex(ValueLayout.JAVA_FLOAT, i, value);
            }
        }
    }

    /** max |out - (in + 1)| over all elements; NaN once a NaN (an element never written back) is seen. */
    static double maxError(MemorySegment input, MemorySegment output, PipelinePlan plan) {
        long n = plan.totalBytes() / Float.BYTES;
        double max = 0;
        for (long i = 0; i < n; i++) {
            float out = output.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            if (Float.isNaN(out)) {
                return Double.NaN;
            }
            max = Math.max(max, Math.abs(out - (input.getAtIndex(ValueLayout.JAVA_FLOAT, i) + 1.0f)));
        }
        return max;
    }

    private static final class Runner {
        private final PipelinePlan plan;
        private final Kernel kernel;
        private final MemorySegment input;
        private final MemorySegment output;
        private final List<DeviceBuffer> buffers;
        private final List<CudaStream> streams;
        /** The gate the recorded run, and a gated run's timed ones, are queued behind. */
        private final StreamGate gate;
        /** Whether the timed runs are queued behind {@link #gate} too ({@code --start gated}). */
        private final boolean gated;

        Runner(PipelinePlan plan, Kernel kernel, MemorySegment input, MemorySegment output,
               List<DeviceBuffer> buffers, List<CudaStream> streams, StreamGate gate) {
            this.plan = plan;
            this.kernel = kernel;
            this.input = input;
            this.output = output;
            this.buffers = buffers;
            this.streams = streams;
            this.gate = gate;
            this.gated = plan.gated();
        }

        /** Every batch; with one buffer each batch waits for the previous one (no overlap). */
        void all() {
            for (int b = 0; b < plan.batches(); b++) {
                int lane = b % plan.buffers();
                CudaStream s = streams.get(lane);
                h2d(b, lane, s);
                kernel(lane, s);
                d2h(b, lane, s);
                if (plan.buffers() == 1) {
                    s.synchronize();
                }
            }
            streams.forEach(CudaStream::synchronize);
        }

        /** Events on {@code s}, queued behind the gate: see {@link GatedEventClock}. */
        GatedEventClock gatedClock(CudaEvent start, CudaEvent stop, CudaStream s) {
            return new GatedEventClock(start, stop, s, gate::hold, gate::release);
        }

        /**
         * Every batch queued behind the held first stream, and nothing waited for: the other streams
         * wait for {@code start} (recorded behind the gate), and the first stream waits for each of
         * their ends ({@code laneEnds}, one per other stream) so its stop event closes the whole run.
         */
        void queued(CudaEvent start, List<CudaEvent> laneEnds) {
            CudaStream first = streams.getFirst();
            for (int lane = 1; lane < plan.buffers(); lane++) {
                streams.get(lane).waitFor(start);
            }
            for (int b = 0; b < plan.batches(); b++) {
                int lane = b % plan.buffers();
                CudaStream s = streams.get(lane);
                h2d(b, lane, s);
                kernel(lane, s);
                d2h(b, lane, s);
            }
            for (int lane = 1; lane < plan.buffers(); lane++) {
                CudaEvent end = laneEnds.get(lane - 1);
                end.record(streams.get(lane));
                first.waitFor(end);
            }
        }

        private void h2d(int batch, int lane, CudaStream s) {
            Memcpy.copyAsync(buffers.get(lane).address(), input.asSlice(batch * plan.batchBytes(), plan.batchBytes()),
                    plan.batchBytes(), CopyKind.HOST_TO_DEVICE, s);
        }

        private void kernel(int lane, CudaStream s) {
            long n = plan.elementsPerBatch();
            long blocks = Math.min((n + BLOCK - 1) / BLOCK, Integer.MAX_VALUE);
            kernel.launch(blocks, BLOCK, new KernelArguments().pointer(buffers.get(lane).address())
                    .int64(0).int64(n).int32(plan.kernelIterations()), s);
        }

        private void d2h(int batch, int lane, CudaStream s) {
            Memcpy.copyAsync(output.asSlice(batch * plan.batchBytes(), plan.batchBytes()), buffers.get(lane).address(),
                    plan.batchBytes(), CopyKind.DEVICE_TO_HOST, s);
        }

        /**
         * All batches once more, untimed, each operation between two events on its stream, read
         * against a reference event recorded on the first stream behind the StreamGate (every
         * stream waits for it), when every stream is idle; the gate opens once every batch is
         * queued. A plain run over one buffer waits for each batch on the host, as when it is
         * timed: it opens the gate before its first wait, and the host then issues the rest at its
         * own pace. Twice: the first pass runs this code for the first time (class loading,
         * lambdas) and is not kept.
         */
        ScheduleTimeline record(CudaDevice device) {
            recordOnce(device);
            return recordOnce(device);
        }

        /** One recorded run behind the StreamGate. */
        private ScheduleTimeline recordOnce(CudaDevice device) {
            streams.forEach(CudaStream::synchronize);
            CudaStream first = streams.getFirst();
            int ops = 3 * plan.batches();
            try (Recorder recorder = new Recorder(device, ops, first, () -> gate.hold(first), streams)) {
                for (int b = 0; b < plan.batches(); b++) {
                    final int batch = b;
                    int lane = b % plan.buffers();
                    CudaStream s = streams.get(lane);
                    recorder.around(lane, b, TimedOp.Stage.H2D, s, () -> h2d(batch, lane, s));
                    recorder.around(lane, b, TimedOp.Stage.KERNEL, s, () -> kernel(lane, s));
                    recorder.around(lane, b, TimedOp.Stage.D2H, s, () -> d2h(batch, lane, s));
                    if (plan.buffers() == 1 && !gated) {
                        gate.release(); // the host waits for the stream next: it must not be held
                        s.synchronize();
                    }
                }
                gate.release();
                streams.forEach(CudaStream::synchronize);
                return new ScheduleTimeline("pipeline", recorder.ops());
            } finally {
                gate.release(); // a failure anywhere must not leave the first stream held
            }
        }

        /** Batch 0's H2D, kernel and D2H each timed alone by events over the plan's iterations, by name. */
        Map<String, Summarized> stages(CudaEvent start, CudaEvent stop) {
            CudaStream s = streams.getFirst();
            Map<String, Summarized> out = new LinkedHashMap<>();
            out.put("H2D", stage(start, stop, s, () -> h2d(0, 0, s)));
            out.put("kernel", stage(start, stop, s, () -> kernel(0, s)));
            out.put("D2H", stage(start, stop, s, () -> d2h(0, 0, s)));
            return out;
        }

        /** The model from each of {@link #stages}' medians; every stage has one. */
        PipelineModel model(Map<String, Summarized> stages) {
            return new PipelineModel(median(stages, "H2D"), median(stages, "kernel"), median(stages, "D2H"),
                    plan.batches(), plan.buffers(), buffers.getFirst().device().attribute(DeviceAttribute.ASYNC_ENGINE_COUNT));
        }

        private static double median(Map<String, Summarized> stages, String stage) {
            return stages.get(stage).measured().orElseThrow().median();
        }

        /**
         * The milliseconds of {@code work} between two events on its stream {@code s}; in a gated
         * run queued behind the gate, as the timed runs are, so the model counts the same way.
         */
        private Summarized stage(CudaEvent start, CudaEvent stop, CudaStream s, Runnable work) {
            SampleLoop loop = new SampleLoop(new Warmup(plan.warmup()), plan.iterations());
            if (!gated) {
                return Summarized.of(loop.milliseconds(new EventClock(start, stop, s), work), "ms");
            }
            GatedEventClock clock = gatedClock(start, stop, s);
            return Summarized.of(loop.milliseconds(clock, clock.guarding(work)), "ms");
        }
    }
}
