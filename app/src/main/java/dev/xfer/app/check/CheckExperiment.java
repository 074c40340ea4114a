package dev.xfer.app.check;

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
        long bytes = plan.bytes();
        InsufficientDeviceMemoryException.requireFits(device, 2 * bytes, "two buffers of " + bytes + " bytes");
        device.makeCurrent();
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer source = DeviceBuffer.allocate(device, bytes);
             DeviceBuffer target = DeviceBuffer.allocate(device, bytes);
             HostBuffer locked = plan.memory().allocate(bytes);
             HostBuffer pageable = HostMemoryKind.PAGEABLE.allocate(bytes);
             CudaStream stream = CudaStream.create(device, true);
             CudaEvent copied = CudaEvent.ordering(device)) {
            long blocks = Math.min((plan.elements() + FILL_BLOCK - 1) / FILL_BLOCK, 1L << 20);
            kernels.fillSequence().launch(blocks, FILL_BLOCK,
                    new KernelArguments().pointer(source.address()).int64(plan.elements()).int64(CheckPlan.PERIOD), stream);
            stream.synchronize();
            Trials trials = new Trials(plan, source, target, locked.segment(), pageable.segment(), stream, copied);
            List<CheckResult> results = new ArrayList<>();
            for (CheckScenario scenario : plan.scenarios()) {
                progress.measuring(results.size(), plan.scenarios().size(), scenario.id());
                TrialTally tally = new TrialTally(scenario, plan.elements());
                for (int t = 0; t < plan.trials(); t++) {
                    SequenceScan.Outcome o = trials.run(scenario);
                    tally.add(o.wrong(), o.maxError());
                }
                results.add(tally.result());
            }
            return results;
        }
    }

    private record Trials(CheckPlan plan, DeviceBuffer source, DeviceBuffer target, MemorySegment locked,
                          MemorySegment pageable, CudaStream stream, CudaEvent copied) {

        SequenceScan.Outcome run(CheckScenario scenario) {
            long bytes = plan.bytes();
            return switch (scenario) {
                case D2H_UNSYNCHRONIZED -> {
                    locked.fill(POISON);
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    SequenceScan.Outcome seen = scan(locked);
                    stream.synchronize();
                    yield seen;
                }
                case D2H_SYNCHRONIZED -> {
                    locked.fill(POISON);
                    Memcpy.copyAsync(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    stream.synchronize();
                    yield scan(locked);
                }
                case D2H_PAGEABLE -> {
                    pageable.fill(POISON);
                    Memcpy.copyAsync(pageable, source.address(), bytes, CopyKind.DEVICE_TO_HOST, stream);
                    SequenceScan.Outcome seen = scan(pageable);
                    stream.synchronize();
                    yield seen;
                }
                case H2D_OVERWRITE, H2D_EVENT -> {
                    Memcpy.copy(locked, source.address(), bytes, CopyKind.DEVICE_TO_HOST);
                    target.fillAsync(POISON, stream);
                    Memcpy.copyAsync(target.address(), locked, bytes, CopyKind.HOST_TO_DEVICE, stream);
                    if (scenario == CheckScenario.H2D_EVENT) {
                        copied.record(stream);
                        copied.synchronize();
                    }
                    locked.fill(POISON);
                    stream.synchronize();
                    pageable.fill(POISON);
                    Memcpy.copy(pageable, target.address(), bytes, CopyKind.DEVICE_TO_HOST);
                    yield scan(pageable);
                }
            };
        }

        private SequenceScan.Outcome scan(MemorySegment host) {
            return SequenceScan.scan(host, plan.elements(), CheckPlan.PERIOD);
        }
    }
}
