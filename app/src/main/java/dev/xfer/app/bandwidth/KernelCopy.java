package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A copy done by xfer's copy kernels on the SMs instead of a copy engine: {@code copy_bytes}
 * launched with a {@link LaunchShape} on a stream, and for bidir {@code copy_bidir}, both
 * directions in one launch. The addresses are ones the device can use: device memory, or
 * page-locked host memory at its host address under unified addressing.
 */
public final class KernelCopy {
    private final Kernel kernel;
    private final Kernel bidirectional;

    /** One-way copies only ({@code copy_bytes}). */
    public KernelCopy(Kernel kernel) {
        this(kernel, null);
    }

    /** One-way copies by {@code kernel} ({@code copy_bytes}) and both ways by {@code bidirectional} ({@code copy_bidir}). */
    public KernelCopy(Kernel kernel, Kernel bidirectional) {
        this.kernel = Objects.requireNonNull(kernel);
        this.bidirectional = bidirectional;
    }

    /** Queues the copy on {@code stream}; a zero-byte copy queues nothing. */
    public void issue(MemorySegment dst, MemorySegment src, long bytes, LaunchShape shape, CudaStream stream) {
        if (bytes == 0) {
            return;
        }
        kernel.launch(shape.blocks(), shape.threadsPerBlock(),
                new KernelArguments().pointer(dst).pointer(src).int64(bytes), stream);
    }

    /**
     * Queues both directions as ONE launch of {@code copy_bidir} on {@code stream}: even warps copy
     * {@code upSrc -> upDst}, odd warps {@code downSrc -> downDst}, {@code bytes} each way (split as
     * {@link BidirSplit} says). The shape's blocks must be a multiple of 64 threads. A zero-byte copy
     * queues nothing.
     */
    public void issueBidirectional(MemorySegment upDst, MemorySegment upSrc, MemorySegment downDst,
                                   MemorySegment downSrc, long bytes, LaunchShape shape, CudaStream stream) {
        if (bidirectional == null) {
            throw new IllegalStateException("this KernelCopy has no copy_bidir kernel");
        }
        BidirSplit.of(shape);
        if (bytes == 0) {
            return;
        }
        bidirectional.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(upDst)
                .pointer(upSrc).pointer(downDst).pointer(downSrc).int64(bytes), stream);
    }
}
