package dev.xfer.app.check;

import dev.xfer.app.check.PhaseClock.Phase;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs the hazard scenarios. Host buffers are poisoned with NaN (all bits set) before each trial,
 * so data the copy has not reached yet cannot pass for copied data.
 */
public final class CheckExperiment {
    private static final byte POISON = (byte) 0xFF;
    private static final int FILL_BLOCK = 256;

    private final CudaDevice device;
    private final Progress progress;

    public CheckExperiment(CudaDevice device, Progress progress) {
        this.device = device;
        this.progress = progress;
    }

    public List<CheckResult> run(CheckPlan plan) {
        return measure(plan).results();
    }

    /** The results, and how long allocating and filling the buffers took before the first trial. */
    public CheckRun measure(CheckPlan plan) {
        long started = System.nanoTime();
        long bytes = plan.bytes();
        InsufficientDeviceMemoryException.requireFits(device, 2 * bytes, "two buffers of " + bytes + " bytes");
        device.makeCurrent();
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer source = DeviceBuffer.allocate(device, bytes);
             DeviceBuffer target = DeviceBuffer.allocate(device, bytes);
             HostBuffer locked = plan.memory().allocate(bytes);
             HostBuffer pageable = HostMemoryKind.PAGEABLE.allocate(bytes);
             CudaStream stream = CudaStream.create(device, true);
             CudaEvent copied = CudaEvent.ordering(device);
             ExecutorService readers = Executors.newFixedThreadPool(plan.readers())) {
            long blocks = Math.min((plan.elements() + FILL_BLOCK - 1) / FILL_BLOCK, 1L << 20);
            kernels.fillSequence().launch(blocks, FILL_BLOCK,
                    new KernelArguments().pointer(source.address()).int64(plan.elements()).int64(CheckPlan.PERIOD), stream);
            stream.synchronize();
            double setup = (System.nanoTime() - started) / 1e9;
            Trials trials = new Trials(plan, source, target, locked.segment(), pageable.segment(), stream, copied,
                    readers);
            List<CheckResult> results = new ArrayList<>();
            for (CheckScenario scenario : plan.scenarios()) {
                progress.measuring(results.size(), plan.scenarios().size(), scenario.id());
                TrialTally tally = new TrialTally(scenario, plan.elements());
                for (int t = 0; t < plan.trials(); t++) {
                    PhaseClock clock = new PhaseClock();
                    Trial trial = trials.run(scenario, clock);
                    tally.add(trial.seen().wrong(), trial.seen().maxError(), trial.copyInFlight(), clock.times());
                }
                results.add(tally.result());
            }
            return new CheckRun(results, setup);
        }
    }

    /** What one trial's read saw, and whether the copy was still running when the host touched the memory. */
    private record Trial(SequenceScan.Outcome seen, boolean copyInFlight) {
    }

    private record Trials(CheckPlan plan, DeviceBuffer source, DeviceBuffer target, MemorySegment locked,
                          MemorySegment pageable, CudaStream stream, CudaEvent copied, ExecutorService readers) {

        Trial run(CheckScenario scenario, PhaseClock clock) {
            long bytes = plan.bytes();
            return switch (scenario) {
                case D2H_UNSYNCHRONIZED -> {
                    locked.fill(POISON);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    boolean inFlight = !stream.isIdle();
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = scan(locked);
                    clock.lap(Phase.HOST_ACCESS);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    yield new Trial(seen, inFlight);
                }
                case D2H_SYNCHRONIZED -> {
                    locked.fill(POISON);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = scan(locked);
                    clock.lap(Phase.HOST_ACCESS);
                    yield new Trial(seen, false);
                }
                case D2H_PAGEABLE -> {
                    pageable.fill(POISON);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(pageable, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    boolean inFlight = !stream.isIdle();
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = scan(pageable);
                    clock.lap(Phase.HOST_ACCESS);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    yield new Trial(seen, inFlight);
                }
                case H2D_OVERWRITE, H2D_EVENT -> {
                    Memcpy.copy(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST);
                    target.fillAsync(POISON, stream);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(target.address(), locked, bytes, CopyKind.HOST_TO_DEVICE, stream);
                    if (scenario == CheckScenario.H2D_EVENT) {
                        copied.record(stream);
                        copied.synchronize();
                    }
                    boolean inFlight = !stream.isIdle();
                    clock.lap(Phase.COPY);
                    locked.fill(POISON);
                    clock.lap(Phase.HOST_ACCESS);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    pageable.fill(POISON);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copy(pageable, target.address(), bytes, CopyKind.DEVICE_TO_HOST);
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = scan(pageable);
                    clock.lap(Phase.VERIFY);
                    yield new Trial(seen, inFlight);
                }
            };
        }

        private SequenceScan.Outcome scan(MemorySegment host) {
            return SequenceScan.scanParallel(host, plan.elements(), CheckPlan.PERIOD, plan.readers(), readers);
        }
    }
}
