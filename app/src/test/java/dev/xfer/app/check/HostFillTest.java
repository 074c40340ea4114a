package dev.xfer.app.check;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The parallel poison: every byte set, none outside the segment, for any size and thread count (shared memory, as the host buffers are). */
class HostFillTest {

    @Property(tries = 200)
    void everyByteAndNoMore(@ForAll @IntRange(min = 1, max = 5000) int bytes, @ForAll @IntRange(min = 1, max = 20) int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment whole = arena.allocate(bytes + 2L);
            whole.fill((byte) 7);
            HostFill.fill(whole.asSlice(1, bytes), (byte) 0xFF, threads, pool);
            assertEquals((byte) 7, whole.get(ValueLayout.JAVA_BYTE, 0));
            assertEquals((byte) 7, whole.get(ValueLayout.JAVA_BYTE, bytes + 1L));
            for (long i = 1; i <= bytes; i++) {
                assertEquals((byte) 0xFF, whole.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
