package dev.xfer.app.bandwidth;

import java.util.function.LongConsumer;

/**
 * How {@code copy_bidir} in {@code app/src/main/cuda/xfer_kernels.cu} shares one grid between the
 * two directions of a bidirectional copy, in Java: a change to one is a change to both. Warp
 * {@code w = g / 32} of grid thread {@code g} copies up (H2D) when even and down (D2H) when odd;
 * within its direction the thread is {@code t' = (w / 2) * 32 + g % 32} of
 * {@code T' = gridThreads / 2}, and does what {@link CopyLayout#forEachByte} says thread
 * {@code t'} of {@code T'} does. A property test walks it to show that each direction's bytes are
 * copied exactly once.
 *
 * @param gridThreads every thread of the launch: a positive multiple of 64, so each direction
 *                    has whole warps and as many as the other
 */
public record BidirSplit(long gridThreads) {

    public BidirSplit {
        if (gridThreads < 64 || gridThreads % 64 != 0) {
            throw new IllegalArgumentException("copy_bidir needs a grid of whole warp pairs (a multiple of 64 threads),"
                    + " not " + gridThreads);
        }
    }

    /** The split of a launch; its blocks must be a multiple of 64 threads, as the kernel requires. */
    public static BidirSplit of(LaunchShape shape) {
        if (shape.threadsPerBlock() % 64 != 0) {
            throw new IllegalArgumentException("copy_bidir needs blocks of a multiple of 64 threads, not "
                    + shape.threadsPerBlock());
        }
        return new BidirSplit(shape.threads());
    }

    /** The threads of each direction: {@code T'}. */
    public long threadsPerDirection() {
        return gridThreads >> 1;
    }

    /** Whether grid thread {@code g} copies up (its warp is even) rather than down. */
    public boolean up(long g) {
        return ((g >> 5) & 1) == 0;
    }

    /** Grid thread {@code g}'s place among the threads of its direction: {@code t'}. */
    public long threadInDirection(long g) {
        long w = g >> 5;
        return ((w >> 1) << 5) | (g & 31);
    }

    /**
     * Hands every byte offset grid thread {@code g} copies to {@code upBytes} or {@code downBytes},
     * whichever its direction is, in the kernel's order.
     */
    public void forEachByte(long g, CopyLayout upLayout, CopyLayout downLayout, int unroll, LongConsumer upBytes,
                            LongConsumer downBytes) {
        long t = threadInDirection(g);
        if (up(g)) {
            upLayout.forEachByte(t, threadsPerDirection(), unroll, upBytes);
        } else {
            downLayout.forEachByte(t, threadsPerDirection(), unroll, downBytes);
        }
    }
}
