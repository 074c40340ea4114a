package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;

/**
 * The d2d rows: a copy between two buffers of one device, by the copy engine and by the copy
 * kernel in each of its grids; the host only supplies and checks the data.
 */
final class DeviceLocalRun {
    private final CudaDevice device;
    private final SampleRuns samples;
    private final RunRows rows;
    private final CopyEngineInitiator engine;
    private final List<KernelInitiator> kernels;
    private final CudaStream legacy;

    /**
     * @param engine  the driver's copies (asynchronous: both ends are device memory) on {@code legacy}
     * @param kernels the copy kernel in each of its grids; empty unless the plan has the kernel path
     */
    DeviceLocalRun(CudaDevice device, SampleRuns samples, RunRows rows, CopyEngineInitiator engine,
                   List<KernelInitiator> kernels, CudaStream legacy) {
        this.device = device;
        this.samples = samples;
        this.rows = rows;
        this.engine = engine;
        this.kernels = List.copyOf(kernels);
        this.legacy = legacy;
    }

    void measure(long size, MemorySegment reference) {
        try (DeviceBuffer a = DeviceBuffer.allocate(device, size);
             DeviceBuffer b = DeviceBuffer.allocate(device, size);
             HostBuffer check = HostMemoryKind.PAGEABLE.allocate(size)) {
            Memcpy.copy(a.address(), reference, size, CopyKind.HOST_TO_DEVICE);
            CopyEnds ends = new CopyEnds(CopyDirection.D2D, b, a.address(), size);
            double[] d2d = samples.of("device " + CopyDirection.D2D + " " + size + " B", true, engine.sampleOf(ends));
            DataPattern.poison(check.segment());
            Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
            boolean ok = rows.verify("device d2d " + size + " B", check.segment(), reference);
            rows.addRow("device", CopyDirection.D2D.label(), size, d2d, ok, Optional.empty(), CopyPath.DRIVER,
                    Optional.empty(), Optional.empty());
            for (KernelInitiator kernel : kernels) {
                LaunchShape shape = kernel.shape();
                String label = "device " + CopyPath.KERNEL.label() + " " + shape.blocks() + " blocks d2d " + size + " B";
                b.fillAsync(0, legacy);
                double[] byKernel = samples.of(label, true, kernel.sampleOf(ends));
                DataPattern.poison(check.segment());
                Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
                rows.addRow("device", CopyDirection.D2D.label(), size, byKernel,
                        rows.verify(label, check.segment(), reference), Optional.empty(), CopyPath.KERNEL,
                        Optional.empty(), Optional.of(shape));
            }
        }
    }
}
