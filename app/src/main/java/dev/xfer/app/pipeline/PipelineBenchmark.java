package dev.xfer.app.pipeline;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.overlap.IssueGate;
import dev.xfer.app.overlap.Recorder;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
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
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Streams batches from pinned host memory through the device and back. Batch b uses device
 * buffer and stream b mod buffers; stream order keeps a buffer from being refilled before its
 * last batch's D2H finished. Input batch b holds the value b mod 1000 everywhere, so a result
 * that lands in the wrong batch's place is caught, not only a missing one.
 */
public final class PipelineBenchmark {
    private static final int BLOCK = 256;

    private final CudaDevice device;
    private final Progress progress;

    public PipelineBenchmark(CudaDevice device, Progress progress) {
        this.device = device;
        this.progress = progress;
    }

    public PipelineResult run(PipelinePlan plan) {
        InsufficientDeviceMemoryException.requireFits(device, plan.batchBytes() * plan.buffers(),
                plan.buffers() + " device buffers of " + plan.batchBytes() + " bytes");
        device.makeCurrent();
        List<DeviceBuffer> buffers = new ArrayList<>();
        List<CudaStream> streams = new ArrayList<>();
        try (XferKernels kernels = XferKernels.load();
             HostBuffer input = HostMemoryKind.PINNED.allocate(plan.totalBytes());
             HostBuffer output = HostMemoryKind.PINNED.allocate(plan.totalBytes());
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device)) {
            for (int i = 0; i < plan.buffers(); i++) {
                buffers.add(DeviceBuffer.allocate(device, plan.batchBytes()));
                streams.add(CudaStream.create(device, true));
            }
            fillInput(input.segment(), plan);
            Kernel kernel = kernels.overlap();
            Runner runner = new Runner(plan, kernel, input.segment(), output.segment(), buffers, streams);
            progress.measuring(0, 2, "model: one batch's stages alone");
            PipelineModel model = runner.model(start, stop);
            progress.measuring(1, 2, plan.batches() + " batches through " + plan.buffers() + " buffer(s)");
            // The host clock, as a training loop sees its batches: all() returns once every stream is idle.
            // The output is marked (NaN) before each timed run only, outside the window, so the check
            // below catches an element the last run never wrote back.
            double[] ms = new SampleLoop(new Warmup(plan.warmup()), plan.iterations())
                    .settingUpTimed(() -> output.segment().fill((byte) 0xFF))
                    .milliseconds(HostClock.untilReturn(), runner::all);
            double error = maxError(input.segment(), output.segment(), plan);
            // After the error check, so the recorded run cannot hide a wrong result of the timed ones.
            ScheduleTimeline timeline = runner.record(device);
            return new PipelineResult(Summary.of(ms), model, error, Optional.of(timeline));
        } finally {
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

        Runner(PipelinePlan plan, Kernel kernel, MemorySegment input, MemorySegment output,
               List<DeviceBuffer> buffers, List<CudaStream> streams) {
            this.plan = plan;
            this.kernel = kernel;
            this.input = input;
            this.output = output;
            this.buffers = buffers;
            this.streams = streams;
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
         * against a reference event recorded on the first stream behind an {@link IssueGate}
         * (every stream waits for it), when every stream is idle. Twice: the first pass runs this
         * code for the first time (class loading, lambdas) and is not kept.
         */
        ScheduleTimeline record(CudaDevice device) {
            CudaStream first = streams.getFirst();
            long n = Math.min(32, plan.batchBytes() / Float.BYTES);
            IssueGate gate = IssueGate.calibrate(device, first, iterations -> kernel.launch(1, 32, new KernelArguments()
                    .pointer(buffers.getFirst().address()).int64(0).int64(n).int32(iterations), first));
            recordOnce(device, gate);
            return recordOnce(device, gate);
        }

        private ScheduleTimeline recordOnce(CudaDevice device, IssueGate gate) {
            streams.forEach(CudaStream::synchronize);
            try (Recorder recorder = new Recorder(device, 3 * plan.batches(), streams.getFirst(), gate, streams)) {
                for (int b = 0; b < plan.batches(); b++) {
                    final int batch = b;
                    int lane = b % plan.buffers();
                    CudaStream s = streams.get(lane);
                    recorder.around(lane, b, TimedOp.Stage.H2D, s, () -> h2d(batch, lane, s));
                    recorder.around(lane, b, TimedOp.Stage.KERNEL, s, () -> kernel(lane, s));
                    recorder.around(lane, b, TimedOp.Stage.D2H, s, () -> d2h(batch, lane, s));
                    if (plan.buffers() == 1) {
                        s.synchronize();
                    }
                }
                streams.forEach(CudaStream::synchronize);
                return new ScheduleTimeline("pipeline", recorder.ops());
            }
        }

        /** Batch 0's H2D, kernel and D2H each timed alone by events, median of the plan's iterations. */
        PipelineModel model(CudaEvent start, CudaEvent stop) {
            CudaStream s = streams.getFirst();
            double h2d = stage(start, stop, s, () -> h2d(0, 0, s));
            double k = stage(start, stop, s, () -> kernel(0, s));
            double d2h = stage(start, stop, s, () -> d2h(0, 0, s));
            return new PipelineModel(h2d, k, d2h, plan.batches(), plan.buffers(),
                    buffers.getFirst().device().attribute(DeviceAttribute.ASYNC_ENGINE_COUNT));
        }

        /** The median milliseconds of {@code work} between two events on its stream {@code s}. */
        private double stage(CudaEvent start, CudaEvent stop, CudaStream s, Runnable work) {
            return Summary.of(new SampleLoop(new Warmup(plan.warmup()), plan.iterations())
                    .milliseconds(new EventClock(start, stop, s), work)).median();
        }
    }
}
