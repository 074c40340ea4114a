package dev.xfer.app.bandwidth;

/**
 * How the copy kernel is launched: {@code blocks} thread blocks of {@link #THREADS_PER_BLOCK}
 * threads. Bytes in flight at once are about blocks x threads x 16 B x {@link #UNROLL}, which is
 * what a copy over PCIe needs enough of (docs/kernel-copies.md).
 *
 * @param blocks          thread blocks in the grid, at least 1
 * @param threadsPerBlock threads per block
 */
public record LaunchShape(int blocks, int threadsPerBlock) {
    /**
     * nvbandwidth's choice for its SM copies, and the most threads that the copy kernels'
     * {@code __launch_bounds__(512, 1)} allows; the kernel's {@code COPY_THREADS_PER_BLOCK}. A
     * multiple of 64, as {@code copy_bidir} needs: each block then has as many warps up as down.
     */
    public static final int THREADS_PER_BLOCK = 512;

    /** 16-byte vectors each thread loads before it stores any: the kernel's {@code COPY_UNROLL}. */
    public static final int UNROLL = 12;

    public LaunchShape {
        if (blocks < 1) {
            throw new IllegalArgumentException("a copy kernel needs one block at least, not " + blocks);
        }
        if (threadsPerBlock < 1) {
            throw new IllegalArgumentException("a block needs one thread at least, not " + threadsPerBlock);
        }
    }

    /** {@code blocks} blocks of the shipped block size. */
    public static LaunchShape ofBlocks(int blocks) {
        return new LaunchShape(blocks, THREADS_PER_BLOCK);
    }

    /** Every thread of the grid. */
    public long threads() {
        return (long) blocks * threadsPerBlock;
    }

    /** Bytes the whole grid has in flight at once in the kernel's unrolled rounds. */
    public long bytesInFlight() {
        return threads() * 16L * UNROLL;
    }
}
