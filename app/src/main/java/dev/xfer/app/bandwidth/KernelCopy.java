package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;

import java.lang.foreign.MemorySegment;

/**
 * A copy done by xfer's copy kernel on the SMs instead of a copy engine: {@code copy_bytes}
 * launched with a {@link LaunchShape} on a stream. The addresses are ones the device can use: device
 * memory, or page-locked host memory at its host address under unified addressing.
 */
public final class KernelCopy {
    private final Kernel kernel;

    public KernelCopy(Kernel kernel) {
        this.kernel = kernel;
    }

    /** Queues the copy on {@code stream}; a zero-byte copy queues nothing. */
    public void issue(MemorySegment dst, MemorySegment src, long bytes, LaunchShape shape, CudaStream stream) {
        if (bytes == 0) {
            return;
        }
        kernel.launch(shape.blocks(), shape.threadsPerBlock(),
                new KernelArguments().pointer(dst).pointer(src).int64(bytes), stream);
    }
}
