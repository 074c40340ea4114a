package dev.xfer.app.bandwidth;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host's side of the read-only and write-only kernels: the checksum {@code read_bytes} must
 * add up, and the bytes {@code write_bytes} must leave, computed the kernels' way; and the TMA
 * copy's constants as the kernel source defines them.
 */
class ReadWritePatternTest {

    /** The checksum byte by byte, as the kernel's split defines it: the slow, obvious form. */
    private static long slowChecksum(MemorySegment data, long address) {
        long bytes = data.byteSize();
        long head = Math.min(bytes, (16 - (address & 15)) & 15);
        long tailStart = head + ((bytes - head) / 16) * 16;
        long sum = 0;
        for (long i = 0; i < bytes; i++) {
            long b = Byte.toUnsignedLong(data.get(ValueLayout.JAVA_BYTE, i));
            if (i < head || i >= tailStart) {
                sum += b;
            } else {
                sum += b << (8 * ((i - head) % 4));
            }
        }
        return sum;
    }

    @Property(tries = 200)
    void checksumIsTheKernelsSplit(@ForAll @IntRange(min = 0, max = 300) int bytes,
                                   @ForAll @IntRange(min = 0, max = 15) int offset, @ForAll long seed) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(Math.max(bytes, 1)).asSlice(0, bytes);
            java.util.Random random = new java.util.Random(seed);
            for (long i = 0; i < bytes; i++) {
                data.set(ValueLayout.JAVA_BYTE, i, (byte) random.nextInt());
            }
            assertEquals(slowChecksum(data, 256 + offset), ReadChecksum.of(data, 256 + offset));
        }
    }

    @Test
    void checksumSeesOneChangedByte() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(4096);
            WritePattern.fill(data);
            long before = ReadChecksum.of(data, 0);
            data.set(ValueLayout.JAVA_BYTE, 1000, (byte) (data.get(ValueLayout.JAVA_BYTE, 1000) + 1));
            assertNotEquals(before, ReadChecksum.of(data, 0));
        }
    }

    @Property(tries = 100)
    void patternIsOddLittleEndianWords(@ForAll @LongRange(min = 0, max = 1L << 40) long word) {
        long k = word * 4;
        int value = (WritePattern.at(k) & 0xff) | (WritePattern.at(k + 1) & 0xff) << 8
                | (WritePattern.at(k + 2) & 0xff) << 16 | (WritePattern.at(k + 3) & 0xff) << 24;
        assertEquals((int) (2 * word + 1), value);
        assertTrue((value & 1) == 1, "never zero");
    }

    @Property(tries = 50)
    void fillIsAtForEveryByte(@ForAll @IntRange(min = 0, max = 200) int bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(Math.max(bytes, 1)).asSlice(0, bytes);
            WritePattern.fill(data);
            for (long k = 0; k < bytes; k++) {
                assertEquals(WritePattern.at(k), data.get(ValueLayout.JAVA_BYTE, k), "byte " + k);
            }
        }
    }

    @Test
    void tmaConstantsAreTheKernelSources() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("app/src/main/cuda/xfer_kernels.cu"))) {
            root = root.getParent();
        }
        String source = Files.readString(root.resolve("app/src/main/cuda/xfer_kernels.cu"));
        assertTrue(source.contains("#define TMA_STAGES " + LaunchShape.TMA_STAGES + "\n"), "TMA_STAGES");
        assertTrue(source.contains("#define TMA_CHUNK " + LaunchShape.TMA_CHUNK_BYTES + "\n"), "TMA_CHUNK");
        assertTrue(source.contains("#define TMA_THREADS " + LaunchShape.TMA_THREADS_PER_BLOCK + "\n"), "TMA_THREADS");
        // Two stages at least, each a multiple of 16 bytes (a bulk copy's unit), all within 48 KiB of static shared memory.
        assertTrue(LaunchShape.TMA_STAGES >= 2 && LaunchShape.TMA_CHUNK_BYTES % 16 == 0
                && LaunchShape.TMA_STAGES * LaunchShape.TMA_CHUNK_BYTES + 8 * LaunchShape.TMA_STAGES <= 48 * 1024);
    }
}
