package dev.xfer.app.bandwidth;

import java.util.function.LongConsumer;

/**
 * The copy kernel's split of one copy into work, in Java: {@code copy_bytes} in
 * {@code app/src/main/cuda/xfer_kernels.cu} does exactly this arithmetic, and a change to one is a
 * change to both. It exists so that a property test can show, without a GPU, that every byte of
 * any copy is copied exactly once by one thread, whatever the size, alignment and grid.
 *
 * @param head       bytes copied one by one before dst reaches a 16-byte boundary
 * @param vectors    16-byte vectors after the head
 * @param tail       bytes copied one by one after the last vector (fewer than 16)
 * @param vectorised false when src and dst are not aligned alike: then every byte goes one by one
 */
public record CopyLayout(long bytes, long head, long vectors, long tail, boolean vectorised) {

    /** The kernel's first lines: how {@code bytes} from {@code src} to {@code dst} are split. */
    public static CopyLayout of(long dst, long src, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a copy of " + bytes + " bytes");
        }
        long head = (16 - (dst & 15)) & 15;
        if (head > bytes) {
            head = bytes;
        }
        if (((src + head) & 15) != 0) {
            return new CopyLayout(bytes, 0, 0, bytes, false);
        }
        long vectors = (bytes - head) >> 4;
        return new CopyLayout(bytes, head, vectors, bytes - head - (vectors << 4), true);
    }

    /**
     * Hands {@code bytes} every byte offset thread {@code t} of {@code threads} copies, in the
     * kernel's order: its head bytes, its vectors (16 offsets each) round by round, then the
     * vectors left after the last round, then its tail bytes.
     */
    public void forEachByte(long t, long threads, int unroll, LongConsumer bytes) {
        if (!vectorised) {
            for (long i = t; i < this.bytes; i += threads) {
                bytes.accept(i);
            }
            return;
        }
        for (long i = t; i < head; i += threads) {
            bytes.accept(i);
        }
        long v = t;
        for (; v + (unroll - 1) * threads < vectors; v += unroll * threads) {
            for (int k = 0; k < unroll; k++) {
                vector(v + k * threads, bytes);
            }
        }
        for (; v < vectors; v += threads) {
            vector(v, bytes);
        }
        long tailStart = head + (vectors << 4);
        for (long i = tailStart + t; i < this.bytes; i += threads) {
            bytes.accept(i);
        }
    }

    /**
     * How many bytes thread {@code t} copies, counted as the kernel's loops count, without
     * visiting them: for copies too large to walk byte by byte (past 4 GiB).
     */
    public long bytesOf(long t, long threads, int unroll) {
        if (!vectorised) {
            return strided(t, this.bytes, threads);
        }
        long count = strided(t, head, threads);
        // Rounds: v = t + r * unroll * threads while v + (unroll - 1) * threads < vectors.
        long roundStride = unroll * threads;
        long last = vectors - 1 - (unroll - 1) * threads - t; // a round starts at v <= this offset from t
        long rounds = last < 0 ? 0 : last / roundStride + 1;
        count += rounds * unroll * 16;
        long after = t + rounds * roundStride;
        count += (after < vectors ? (vectors - 1 - after) / threads + 1 : 0) * 16;
        long tailStart = head + (vectors << 4);
        count += strided(tailStart + t, this.bytes, threads);
        return count;
    }

    /** How many of {@code i = from, from + step, ...} are below {@code end}. */
    private static long strided(long from, long end, long step) {
        return from < end ? (end - 1 - from) / step + 1 : 0;
    }

    private void vector(long v, LongConsumer bytes) {
        long first = head + (v << 4);
        for (int b = 0; b < 16; b++) {
            bytes.accept(first + b);
        }
    }
}
