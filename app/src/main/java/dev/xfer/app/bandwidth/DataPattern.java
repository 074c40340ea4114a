package dev.xfer.app.bandwidth;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A reproducible non-zero byte pattern (SplitMix64 words from a seed), and the poison written
 * over a destination before a copy, so stale data cannot pass for copied data. Zeros would not
 * do: fresh memory is zeros, and a copy that never happened would pass.
 */
public final class DataPattern {
    /** Written over destinations before a copy; differs from most pattern bytes. */
    public static final byte POISON = (byte) 0xA5;

    /** 64 KiB of words per bulk write. */
    private static final int CHUNK_WORDS = 8192;

    private DataPattern() {
    }

    /**
     * Fills {@code segment} with the pattern for {@code seed}: word {@code i} is {@code mix(seed + i)}
     * in native byte order, the bytes of one more word after the last whole one. The words are made
     * in a heap array and written in bulk chunks: one by one through the segment, a cold JVM (the
     * quick smoke profile's first rows) spent tenths of a second on 64 MiB before the JIT compiled it.
     */
    public static void fill(MemorySegment segment, long seed) {
        long size = segment.byteSize();
        long words = size / Long.BYTES;
        long[] chunk = new long[(int) Math.min(CHUNK_WORDS, words)];
        for (long first = 0; first < words; first += chunk.length) {
            int n = (int) Math.min(chunk.length, words - first);
            for (int i = 0; i < n; i++) {
                chunk[i] = mix(seed + first + i);
            }
            MemorySegment.copy(chunk, 0, segment, ValueLayout.JAVA_LONG_UNALIGNED, first * Long.BYTES, n);
        }
        long tail = mix(seed + words);
        for (long offset = words * Long.BYTES; offset < size; offset++) {
            segment.set(ValueLayout.JAVA_BYTE, offset, (byte) tail);
            tail >>>= 8;
        }
    }

    public static void poison(MemorySegment segment) {
        segment.fill(POISON);
    }

    /** The first offset where {@code actual} differs from {@code expected}, or -1. */
    public static long firstMismatch(MemorySegment actual, MemorySegment expected) {
        return actual.mismatch(expected);
    }

    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
