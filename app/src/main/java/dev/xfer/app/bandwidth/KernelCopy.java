package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
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
 * <p>
 * Several copies of the buffer in a row (a timed sample of {@link KernelTiming}) go as one launch
 * of {@code copy_bytes_repeat} ({@code copy_bidir_repeat}) or as back-to-back launches; one copy is
 * always one launch of {@code copy_bytes} ({@code copy_bidir}).
 */
public final class KernelCopy {
    private final Kernel kernel;
    private final Kernel bidirectional;
    private final Kernel repeated;
    private final Kernel bidirectionalRepeated;
    private final Kernel bidirectionalOneVector;

    /** One-way copies only ({@code copy_bytes}). */
    public KernelCopy(Kernel kernel) {
        this(kernel, null);
    }

    /** One-way copies by {@code kernel} ({@code copy_bytes}) and both ways by {@code bidirectional} ({@code copy_bidir}). */
    public KernelCopy(Kernel kernel, Kernel bidirectional) {
        this(kernel, bidirectional, null, null, null);
    }

    private KernelCopy(Kernel kernel, Kernel bidirectional, Kernel repeated, Kernel bidirectionalRepeated,
                       Kernel bidirectionalOneVector) {
        this.kernel = Objects.requireNonNull(kernel);
        this.bidirectional = bidirectional;
        this.repeated = repeated;
        this.bidirectionalRepeated = bidirectionalRepeated;
        this.bidirectionalOneVector = bidirectionalOneVector;
    }

    /** Every copy kernel of {@code kernels}: one way, both ways, and each repeated in one launch. */
    public static KernelCopy of(XferKernels kernels) {
        return new KernelCopy(kernels.copyBytes(), kernels.copyBidir(), kernels.copyBytesRepeat(),
                kernels.copyBidirRepeat(), kernels.copyBidirOneVector());
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
     * Queues {@code copies} whole copies of {@code src} to {@code dst} on {@code stream}, as
     * {@code repeat} says: one launch of {@code copy_bytes_repeat}, or that many launches of
     * {@code copy_bytes}. One copy is one launch of {@code copy_bytes} either way.
     */
    public void issue(MemorySegment dst, MemorySegment src, long bytes, LaunchShape shape, int copies,
                      KernelTiming.Repeat repeat, CudaStream stream) {
        requireCopies(copies);
        if (copies == 1 || repeat == KernelTiming.Repeat.LAUNCHES) {
            for (int c = 0; c < copies; c++) {
                issue(dst, src, bytes, shape, stream);
            }
            return;
        }
        if (repeated == null) {
            throw new IllegalStateException("this KernelCopy has no copy_bytes_repeat kernel");
        }
        if (bytes == 0) {
            return;
        }
        repeated.launch(shape.blocks(), shape.threadsPerBlock(),
                new KernelArguments().pointer(dst).pointer(src).int64(bytes).int32(copies), stream);
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

    /**
     * {@link #issueBidirectional(MemorySegment, MemorySegment, MemorySegment, MemorySegment, long, LaunchShape,
     * CudaStream)} {@code copies} times over: one launch of {@code copy_bidir_repeat}, or that many
     * launches of {@code copy_bidir}.
     */
    public void issueBidirectional(MemorySegment upDst, MemorySegment upSrc, MemorySegment downDst,
                                   MemorySegment downSrc, long bytes, LaunchShape shape, int copies,
                                   KernelTiming.Repeat repeat, CudaStream stream) {
        requireCopies(copies);
        if (copies == 1 || repeat == KernelTiming.Repeat.LAUNCHES) {
            for (int c = 0; c < copies; c++) {
                issueBidirectional(upDst, upSrc, downDst, downSrc, bytes, shape, stream);
            }
            return;
        }
        if (bidirectionalRepeated == null) {
            throw new IllegalStateException("this KernelCopy has no copy_bidir_repeat kernel");
        }
        BidirSplit.of(shape);
        if (bytes == 0) {
            return;
        }
        bidirectionalRepeated.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(upDst)
                .pointer(upSrc).pointer(downDst).pointer(downSrc).int64(bytes).int32(copies), stream);
    }

    /**
     * Queues both directions, {@code copies} whole copies each, by {@code copy_bidir_one_vector} on
     * its grid for {@code bytes} ({@link LaunchShape#oneVectorFor}), nvbandwidth's split-warp shape
     * with one vector per thread: one launch that copies {@code copies} times, or, as {@code repeat}
     * says, that many launches of one copy. A zero-byte copy queues nothing.
     */
    public void issueBidirectionalOneVector(MemorySegment upDst, MemorySegment upSrc, MemorySegment downDst,
                                            MemorySegment downSrc, long bytes, int copies, KernelTiming.Repeat repeat,
                                            CudaStream stream) {
        requireCopies(copies);
        if (bidirectionalOneVector == null) {
            throw new IllegalStateException("this KernelCopy has no copy_bidir_one_vector kernel");
        }
        if (bytes == 0) {
            return;
        }
        LaunchShape shape = LaunchShape.oneVectorFor(bytes);
        boolean launches = repeat == KernelTiming.Repeat.LAUNCHES;
        for (int c = 0; c < (launches ? copies : 1); c++) {
            bidirectionalOneVector.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(upDst)
                    .pointer(upSrc).pointer(downDst).pointer(downSrc).int64(bytes).int32(launches ? 1 : copies),
                    stream);
        }
    }

    private static void requireCopies(int copies) {
        if (copies < 1) {
            throw new IllegalArgumentException("a sample needs one copy at least, not " + copies);
        }
    }
}
