package dev.xfer.host;

import org.junit.jupiter.api.Test;

import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The huge-page memory behind {@code pinned-huge}, without CUDA: mapped aligned, touched, unmapped. */
class HugePageMemoryTest {
    @Test
    void mapsTheAskedBytesAtA2MiBBoundaryZeroedAndWritable() {
        long bytes = (5L << 20) + 123;
        try (HugePageMemory memory = HugePageMemory.map(bytes)) {
            assertEquals(bytes, memory.segment().byteSize());
            assertEquals(0, memory.segment().address() % HugePageMemory.HUGE_PAGE, "2 MiB aligned");
            assertEquals(0, memory.segment().get(ValueLayout.JAVA_BYTE, bytes - 1), "touched: zero");
            memory.segment().set(ValueLayout.JAVA_BYTE, bytes - 1, (byte) 42);
            assertEquals(42, memory.segment().get(ValueLayout.JAVA_BYTE, bytes - 1));
            OptionalLong huge = memory.hugeBytes();
            assertTrue(huge.isPresent(), "its mapping is in /proc/self/smaps");
            assertTrue(huge.getAsLong() >= 0 && huge.getAsLong() <= 6L << 20, "huge bytes " + huge);
        }
    }

    @Test
    void closingTwiceUnmapsOnce() {
        HugePageMemory memory = HugePageMemory.map(1);
        memory.close();
        memory.close();
    }

    @Test
    void aSizeBelowOneByteIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HugePageMemory.map(0));
    }

    @Test
    void hugeBytesAreReadFromTheMappingThatStartsThere() {
        List<String> smaps = List.of(
                "7f0000000000-7f0000200000 rw-p 00000000 00:00 0 ",
                "Size:               2048 kB",
                "AnonHugePages:         0 kB",
                "7f0000200000-7f0000800000 rw-p 00000000 00:00 0 ",
                "Size:               6144 kB",
                "AnonHugePages:      4096 kB",
                "VmFlags: rd wr mr mw me ac hg");
        assertEquals(OptionalLong.of(4096L * 1024), HugePageMemory.hugeBytes(smaps, 0x7f0000200000L));
        assertEquals(OptionalLong.of(0), HugePageMemory.hugeBytes(smaps, 0x7f0000000000L));
        assertEquals(OptionalLong.empty(), HugePageMemory.hugeBytes(smaps, 0x7f0000400000L), "no mapping starts there");
    }
}
