package dev.xfer.host;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HostMemcpyTest {
    @Test
    void copiesTheRangeAndNothingElse() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(1000);
            MemorySegment dst = arena.allocate(1000);
            for (int i = 0; i < 1000; i++) {
                src.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + 1));
            }
            dst.fill((byte) -1);
            HostMemcpy.copy(src, 100, dst, 300, 500);
            for (int i = 0; i < 1000; i++) {
                byte want = i >= 300 && i < 800 ? (byte) ((i - 200) * 7 + 1) : (byte) -1;
                assertEquals(want, dst.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
        }
    }

    @Test
    void aRangePastTheEndIsRefusedBeforeAnythingIsCopied() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(64);
            MemorySegment dst = arena.allocate(32);
            dst.fill((byte) 5);
            assertThrows(IndexOutOfBoundsException.class, () -> HostMemcpy.copy(src, 0, dst, 0, 64));
            assertThrows(IndexOutOfBoundsException.class, () -> HostMemcpy.copy(src, 40, dst, 0, 32));
            assertEquals(-1, dst.mismatch(arena.allocate(32).fill((byte) 5)));
        }
    }

    @Test
    void heapSegmentsAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(IllegalArgumentException.class,
                    () -> HostMemcpy.copy(MemorySegment.ofArray(new byte[8]), 0, arena.allocate(8), 0, 8));
        }
    }
}
