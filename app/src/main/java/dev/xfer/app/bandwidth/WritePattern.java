package dev.xfer.app.bandwidth;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * What {@code write_bytes} writes, on the host, so that the write-only rows check every byte: the
 * 32-bit word {@code w} counted from the buffer's start (little-endian) holds {@code 2w + 1} mod
 * 2^32, never 0, so a buffer cleared to zeros and left unwritten anywhere shows; a last partial word
 * holds that word's first bytes. The same bytes whatever the buffer's alignment (the kernel writes
 * them one by one when it is not 16-byte aligned). Mirrors the kernel's {@code pattern_byte}.
 */
public final class WritePattern {
    private static final ValueLayout.OfInt WORD = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private WritePattern() {
    }

    /** Byte {@code k} of the pattern. */
    public static byte at(long k) {
        int word = 2 * (int) (k >>> 2) + 1;
        return (byte) (word >>> (8 * (int) (k & 3)));
    }

    /** Writes the pattern over the whole of {@code target}. */
    public static void fill(MemorySegment target) {
        long bytes = target.byteSize();
        long words = bytes >>> 2;
        for (long w = 0; w < words; w++) {
            target.set(WORD, w << 2, 2 * (int) w + 1);
        }
        for (long k = words << 2; k < bytes; k++) {
            target.set(ValueLayout.JAVA_BYTE, k, at(k));
        }
    }
}
