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

    /** A staged copy reads and writes Java arrays in place: both ways, at offsets, long arrays too. */
    @Test
    void heapArraysAreCopiedInPlace() {
        try (Arena arena = Arena.ofConfined()) {
            long[] words = new long[64];
            for (int i = 0; i < words.length; i++) {
                words[i] = 0x0102030405060708L * (i + 1);
            }
            MemorySegment heap = MemorySegment.ofArray(words);
            MemorySegment slot = arena.allocate(512);
            HostMemcpy.copy(heap, 24, slot, 8, 300);
            assertEquals(-1, slot.asSlice(8, 300).mismatch(heap.asSlice(24, 300)));
            long[] back = new long[64];
            HostMemcpy.copy(slot, 8, MemorySegment.ofArray(back), 24, 300);
            assertEquals(-1, MemorySegment.ofArray(back).asSlice(24, 300).mismatch(heap.asSlice(24, 300)));
            assertEquals(0, back[2], "bytes before the range stay untouched");
            assertThrows(IndexOutOfBoundsException.class,
                    () -> HostMemcpy.copy(heap, 500, slot, 0, 13));
        }
    }
}
