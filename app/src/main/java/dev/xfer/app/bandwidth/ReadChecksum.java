package dev.xfer.app.bandwidth;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * What one pass of {@code read_bytes} adds up over a buffer, computed on the host from the bytes
 * the buffer holds, so that the read-only rows check that the kernel read what is there. Mirrors the
 * kernel's split line for line (change both together): the head, up to the device address's 16-byte
 * boundary, and the tail after the last whole 16-byte vector count each byte as an unsigned byte;
 * every vector in between counts its four little-endian 32-bit words as unsigned numbers. The sum
 * wraps at 2^64, as the kernel's does.
 */
public final class ReadChecksum {
    private static final ValueLayout.OfInt WORD = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ReadChecksum() {
    }

    /**
     * The checksum of {@code data} (its whole length) as the kernel sums it when the buffer starts at
     * device address {@code deviceAddress} (only its place within 16 bytes matters).
     */
    public static long of(MemorySegment data, long deviceAddress) {
        long bytes = data.byteSize();
        long head = Math.min(bytes, (16 - (deviceAddress & 15)) & 15);
        long vectors = (bytes - head) >>> 4;
        long tailStart = head + (vectors << 4);
        long sum = 0;
        for (long i = 0; i < head; i++) {
            sum += Byte.toUnsignedLong(data.get(ValueLayout.JAVA_BYTE, i));
        }
        for (long at = head; at < tailStart; at += Integer.BYTES) {
            sum += Integer.toUnsignedLong(data.get(WORD, at));
        }
        for (long i = tailStart; i < bytes; i++) {
            sum += Byte.toUnsignedLong(data.get(ValueLayout.JAVA_BYTE, i));
        }
        return sum;
    }
}
