package dev.xfer.app.batch;

import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.bandwidth.DataPattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CopyTeamPropertiesTest {

    /** Whatever the size and split, every byte arrives once and nothing past the end is touched. */
    @Property(tries = 60)
    void theSplitCopyEqualsOnePlainCopy(@ForAll @LongRange(min = 1, max = 3_000_000) long bytes,
                                        @ForAll @IntRange(min = 1, max = 9) int parts,
                                        @ForAll HostCopy method) {
        try (Arena arena = Arena.ofShared(); CopyTeam team = new CopyTeam(parts, method, Thread.ofPlatform().factory())) {
            MemorySegment src = arena.allocate(bytes);
            MemorySegment dst = arena.allocate(bytes + 64);
            DataPattern.fill(src, bytes);
            DataPattern.poison(dst);
            team.copy(src, dst, bytes);
            assertEquals(-1, src.mismatch(dst.asSlice(0, bytes)));
            for (long i = bytes; i < bytes + 64; i++) {
                assertEquals(DataPattern.POISON, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
            }
        }
    }

    /** A team reused for many copies, with pauses long enough to park, still copies each exactly. */
    @Property(tries = 5)
    void aTeamThatParkedBetweenCopiesStillCopiesEach(@ForAll @IntRange(min = 2, max = 5) int parts,
                                                     @ForAll HostCopy method) throws Exception {
        long bytes = 2 * CopyTeam.MIN_PARALLEL_BYTES + 12345;
        try (Arena arena = Arena.ofShared(); CopyTeam team = new CopyTeam(parts, method, Thread.ofPlatform().factory())) {
            MemorySegment dst = arena.allocate(bytes);
            for (int round = 0; round < 3; round++) {
                MemorySegment src = arena.allocate(bytes);
                DataPattern.fill(src, round);
                DataPattern.poison(dst);
                team.copy(src, dst, bytes);
                assertEquals(-1, src.mismatch(dst));
                if (round == 1) {
                    Thread.sleep(CopyTeam.SPIN_NANOS / 1_000_000 + 20);
                }
            }
        }
    }
}
