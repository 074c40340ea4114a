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

    /** {@code copy_bidir_one_vector}' block: the kernel's {@code COPY_ONE_VECTOR_THREADS}, nvbandwidth's split-warp block. */
    public static final int ONE_VECTOR_THREADS_PER_BLOCK = 1024;

    /**
     * The grid of {@code copy_bidir_one_vector} for {@code bytes} each way: one thread of each direction
     * per 16-byte vector, and at least 16, so that each direction's {@code T'} covers its vectors
     * and its head and tail bytes (fewer than 16 each) with one thread each. {@code T'} is rounded
     * up to a whole number of blocks' halves (512 threads each way per block of 1024).
     */
    public static LaunchShape oneVectorFor(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a copy has 0 bytes at least, not " + bytes);
        }
        long perDirection = Math.max((bytes + 15) / 16, 16);
        long half = ONE_VECTOR_THREADS_PER_BLOCK / 2;
        long blocks = (perDirection + half - 1) / half;
        if (blocks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(bytes + " bytes need more blocks than a grid holds");
        }
        return new LaunchShape((int) blocks, ONE_VECTOR_THREADS_PER_BLOCK);
    }

    /**
     * {@code tma_copy}'s block: the kernel's {@code TMA_THREADS}, one warp. One thread issues every
     * bulk copy; the others help only with the bytes a bulk copy cannot take (head, tail, unaligned).
     */
    public static final int TMA_THREADS_PER_BLOCK = 32;

    /** {@code tma_copy}'s shared-memory stages per block: the kernel's {@code TMA_STAGES}. */
    public static final int TMA_STAGES = 3;

    /** {@code tma_copy}'s bytes per stage, the largest bulk copy it issues: the kernel's {@code TMA_CHUNK}. */
    public static final int TMA_CHUNK_BYTES = 12288;

    /** {@code blocks} blocks of {@code tma_copy}'s block size. */
    public static LaunchShape tmaBlocks(int blocks) {
        return new LaunchShape(blocks, TMA_THREADS_PER_BLOCK);
    }

    /** {@code blocks} blocks of the shipped block size. */
    public static LaunchShape ofBlocks(int blocks) {
        return new LaunchShape(blocks, THREADS_PER_BLOCK);
    }

    /** Every thread of the grid. */
    public long threads() {
        return (long) blocks * threadsPerBlock;
    }
}
