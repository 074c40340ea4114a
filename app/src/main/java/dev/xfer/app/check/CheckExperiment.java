package dev.xfer.app.check;

import dev.xfer.app.check.PhaseClock.Phase;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.Tally;
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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs the hazard scenarios. Host buffers are poisoned with NaN (all bits set) before each trial,
 * so data the copy has not reached yet cannot pass for copied data.
 *
 * <p>What is not the hazard itself is made cheap, since a default run moves 800 MB several times
 * per trial: buffers are allocated once for all scenarios, host memory is poisoned by all the
 * reader threads at once, and the H2D scenarios check the device buffer with a kernel rather than
 * copying it back to the host. Each trial's phases are timed ({@link CheckTimes}).
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
        return measure(plan, Tally.quiet());
    }

    /**
     * As {@link #measure(CheckPlan)}, each scenario's tally kept in {@code kept} as it is finished:
     * what a run stopped between scenarios has. The run's results are the tally's.
     */
    public CheckRun measure(CheckPlan plan, Tally<CheckResult> kept) {
        long started = System.nanoTime();
        long bytes = plan.bytes();
        InsufficientDeviceMemoryException.requireFits(device, 2 * bytes, "two buffers of " + bytes + " bytes");
        device.makeCurrent();
        boolean pageableNeeded = plan.scenarios().contains(CheckScenario.D2H_PAGEABLE);
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer source = DeviceBuffer.allocate(device, bytes);
             DeviceBuffer target = DeviceBuffer.allocate(device, bytes);
             HostBuffer locked = plan.memory().allocate(bytes);
             OptionalHostBuffer pageable = new OptionalHostBuffer(pageableNeeded
                     ? Optional.of(HostMemoryKind.PAGEABLE.allocate(bytes)) : Optional.empty());
             CudaStream stream = CudaStream.create(device, true);
             CudaEvent copied = CudaEvent.ordering(device);
             DeviceSequenceCheck deviceCheck = new DeviceSequenceCheck(device, kernels);
             ExecutorService readers = Executors.newFixedThreadPool(plan.readers())) {
            long blocks = Math.min((plan.elements() + FILL_BLOCK - 1) / FILL_BLOCK, 1L << 20);
            kernels.fillSequence().launch(blocks, FILL_BLOCK,
                    new KernelArguments().pointer(source.address()).int64(plan.elements()).int64(CheckPlan.PERIOD), stream);
            stream.synchronize();
            double setup = (System.nanoTime() - started) / 1e9;
            Trials trials = new Trials(plan, source, target, locked.segment(), pageable.segment(), stream, copied,
                    deviceCheck, readers);
            int before = kept.size();
            for (CheckScenario scenario : plan.scenarios()) {
                progress.measuring(kept.size() - before, plan.scenarios().size(), scenario.id());
                TrialTally tally = new TrialTally(scenario, plan.elements());
                for (int t = 0; t < plan.trials(); t++) {
                    if (t > 0) {
                        progress.checkpoint();
                    }
                    PhaseClock clock = new PhaseClock();
                    Trial trial = trials.run(scenario, clock);
                    tally.add(trial.seen().wrong(), trial.seen().maxError(), trial.copyInFlight(), clock.times());
                }
                kept.add(tally.result());
            }
            return new CheckRun(kept.since(before), setup);
        }
    }

    /** The pageable buffer, allocated only when d2h-pageable runs. */
    private record OptionalHostBuffer(Optional<HostBuffer> buffer) implements AutoCloseable {
        MemorySegment segment() {
            return buffer.map(HostBuffer::segment).orElse(MemorySegment.NULL);
        }

        @Override
        public void close() {
            buffer.ifPresent(HostBuffer::close);
        }
    }

    /** What one trial's read saw, and whether the copy was still running when the host touched the memory. */
    private record Trial(SequenceScan.Outcome seen, boolean copyInFlight) {
    }

    private record Trials(CheckPlan plan, DeviceBuffer source, DeviceBuffer target, MemorySegment locked,
                          MemorySegment pageable, CudaStream stream, CudaEvent copied,
                          DeviceSequenceCheck deviceCheck, ExecutorService readers) {

        Trial run(CheckScenario scenario, PhaseClock clock) {
            long bytes = plan.bytes();
            return switch (scenario) {
                case D2H_UNSYNCHRONIZED -> {
                    poison(locked);
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
                    poison(locked);
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = scan(locked);
                    clock.lap(Phase.HOST_ACCESS);
                    yield new Trial(seen, false);
                }
                case D2H_PAGEABLE -> {
                    poison(pageable);
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
                    // The page-locked source gets the values back (the last trial overwrote them),
                    // the device target the poison.
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    target.fillAsync(POISON, stream);
                    stream.synchronize();
                    clock.lap(Phase.PREPARE);
                    Memcpy.copyAsync(target.address(), locked, bytes, CopyKind.HOST_TO_DEVICE, stream);
                    if (scenario == CheckScenario.H2D_EVENT) {
                        copied.record(stream);
                        copied.synchronize();
                    }
                    boolean inFlight = !stream.isIdle();
                    clock.lap(Phase.COPY);
                    poison(locked);
                    clock.lap(Phase.HOST_ACCESS);
                    stream.synchronize();
                    clock.lap(Phase.COPY);
                    SequenceScan.Outcome seen = deviceCheck.scan(target, plan.elements(), CheckPlan.PERIOD, stream);
                    clock.lap(Phase.VERIFY);
                    yield new Trial(seen, inFlight);
                }
            };
        }

        private void poison(MemorySegment host) {
            HostFill.fill(host, POISON, plan.readers(), readers);
        }

        private SequenceScan.Outcome scan(MemorySegment host) {
            return SequenceScan.scanParallel(host, plan.elements(), CheckPlan.PERIOD, plan.readers(), readers);
        }
    }
}
