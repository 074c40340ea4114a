package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A copy done by the TMA, {@code tma_copy}: bulk copies global -> shared -> global, a persistent
 * grid of {@link LaunchShape#tmaBlocks} blocks, each walking its chunks (docs/kernel-copies.md).
 * Launch it only where {@link TmaSupport} allows: below compute capability 9.0
 * the kernel does nothing.
 */
public final class TmaCopy implements GridLaunch {
    private final Kernel kernel;

    public TmaCopy(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel);
    }

    public static TmaCopy of(XferKernels kernels) {
        return new TmaCopy(kernels.tmaCopy());
    }

    /**
     * Queues {@code copies} whole copies of {@code src} to {@code dst}: one launch that copies that
     * many times, or that many launches of one copy, as {@code repeat} says. A zero-byte copy queues nothing.
     */
    @Override
    public void issue(MemorySegment dst, MemorySegment src, long bytes, LaunchShape shape, int copies,
                      KernelTiming.Repeat repeat, CudaStream stream) {
        GridLaunch.requireCopies(copies);
        if (bytes == 0) {
            return;
        }
        boolean launches = repeat == KernelTiming.Repeat.LAUNCHES;
        for (int c = 0; c < (launches ? copies : 1); c++) {
            kernel.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(dst).pointer(src)
                    .int64(bytes).int32(launches ? 1 : copies), stream);
        }
    }
}
