package dev.xfer.app.overlap;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits n elements into one chunk per stream. async.cu needs n divisible by streams x block size;
 * here the first n mod streams chunks take one element more, so any n >= streams works and no
 * chunk is empty.
 */
public final class ChunkPartition {
    private ChunkPartition() {
    }

    public static List<Chunk> of(long n, int streams) {
        if (streams < 1) {
            throw new IllegalArgumentException("--streams must be at least 1, not " + streams);
        }
        if (n < streams) {
            throw new IllegalArgumentException(n + " elements cannot be split over " + streams + " streams");
        }
        long base = n / streams;
        long extra = n % streams;
        List<Chunk> chunks = new ArrayList<>(streams);
        long begin = 0;
        for (int i = 0; i < streams; i++) {
            long length = base + (i < extra ? 1 : 0);
            chunks.add(new Chunk(i, begin, begin + length));
            begin += length;
        }
        return chunks;
    }
}
