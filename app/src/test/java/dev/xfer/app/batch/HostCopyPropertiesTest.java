package dev.xfer.app.batch;

import dev.xfer.app.bandwidth.DataPattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HostCopyPropertiesTest {

    /** Whatever the size and split, every byte arrives once and nothing past the end is touched. */
    @Property(tries = 60)
    void theSplitCopyEqualsOnePlainCopy(@ForAll @LongRange(min = 1, max = 3_000_000) long bytes,
                                        @ForAll @IntRange(min = 1, max = 9) int parts) {
        try (Arena arena = Arena.ofShared(); ExecutorService pool = Executors.newFixedThreadPool(3)) {
            MemorySegment src = arena.allocate(bytes);
            MemorySegment dst = arena.allocate(bytes + 64);
            DataPattern.fill(src, bytes);
            DataPattern.poison(dst);
            HostCopy.copy(src, dst, bytes, pool, parts);
            assertEquals(-1, src.mismatch(dst.asSlice(0, bytes)));
            for (long i = bytes; i < bytes + 64; i++) {
                assertEquals(DataPattern.POISON, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
            }
        }
    }
}
