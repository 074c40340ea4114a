package dev.xfer.app.bandwidth;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bytes sent over the link: reproducible, seed-dependent, never zero words, and any wrong byte found. */
class DataPatternProperties {

    private static MemorySegment filled(Arena arena, long size, long seed) {
        MemorySegment s = arena.allocate(size);
        DataPattern.fill(s, seed);
        return s;
    }

    @Property(tries = 200)
    void fillIsDeterministicPerSeed(@ForAll @IntRange(min = 1, max = 100_000) int size, @ForAll long seed) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = filled(arena, size, seed);
            MemorySegment b = arena.allocate(size);
            b.fill((byte) 0x5A);
            DataPattern.fill(b, seed);
            assertEquals(-1, DataPattern.firstMismatch(a, b));
        }
    }

    @Property(tries = 100)
    void everyWordIsTheMixOfSeedPlusItsIndexAcrossChunks(@ForAll @IntRange(min = 1, max = 200_000) int size,
                                                         @ForAll long seed) {
        // The fill writes in chunks of 8,192 words; sizes up to 200,000 bytes cross up to three of them.
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = filled(arena, size, seed);
            for (long i = 0; i < size / 8; i++) {
                assertEquals(DataPattern.mix(seed + i), s.get(ValueLayout.JAVA_LONG_UNALIGNED, i * 8), "word " + i);
            }
        }
    }

    @Property(tries = 200)
    void seedsGiveDifferentPatterns(@ForAll @IntRange(min = 8, max = 100_000) int size, @ForAll long seed,
                                    @ForAll long otherSeed) {
        if (seed == otherSeed) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            // the first word is mix(seed); mix is a bijection, so two seeds differ there already
            assertEquals(0, DataPattern.firstMismatch(filled(arena, size, seed), filled(arena, size, otherSeed)) / 8);
        }
    }

    @Example
    void neighbouringSeedsDoNotShareWords() {
        // bandwidth seeds the pattern with the size: sizes one apart must not give shifted copies
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = filled(arena, 4096, 4096);
            MemorySegment b = filled(arena, 4096, 4097);
            for (long i = 0; i < 512; i++) {
                assertNotEquals(a.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i),
                        b.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i), "word " + i);
            }
        }
    }

    @Example
    void noZeroOrPoisonWordsInASample() {
        long poisonWord = 0xA5A5A5A5A5A5A5A5L;
        try (Arena arena = Arena.ofConfined()) {
            for (long seed : new long[] {0, 1, 4096, 16L << 20, -1, Long.MAX_VALUE}) {
                MemorySegment s = filled(arena, 1 << 20, seed);
                for (long i = 0; i < (1 << 20) / 8; i++) {
                    long word = s.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                    assertNotEquals(0L, word, "seed " + seed + " word " + i);
                    assertNotEquals(poisonWord, word, "seed " + seed + " word " + i);
                }
            }
        }
    }

    @Example
    void poisonFillsEveryByte() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = filled(arena, 1001, 7);
            DataPattern.poison(s);
            for (long i = 0; i < 1001; i++) {
                assertEquals(DataPattern.POISON, s.get(ValueLayout.JAVA_BYTE, i));
            }
        }
    }

    @Example
    void tailBytesAreTheNextWordsLowBytes() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(13);
            s.fill(DataPattern.POISON);
            DataPattern.fill(s, 42);
            assertEquals(DataPattern.mix(42), s.get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.nativeOrder()), 0));
            long next = DataPattern.mix(43);
            for (int i = 0; i < 5; i++) {
                assertEquals((byte) (next >>> (8 * i)), s.get(ValueLayout.JAVA_BYTE, 8 + i), "tail byte " + i);
            }
        }
    }

    /** A size that is not a multiple of 8 gets the same bytes as the longer fill it is a prefix of. */
    @Property(tries = 300)
    void tailBytesAreFilled(@ForAll @IntRange(min = 1, max = 100_000) int size, @ForAll long seed) {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            return;
        }
        long roundedUp = (size + 7L) / 8 * 8;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment whole = filled(arena, roundedUp, seed);
            MemorySegment part = arena.allocate(size);
            part.fill(DataPattern.POISON);
            DataPattern.fill(part, seed);
            assertEquals(-1, DataPattern.firstMismatch(part, whole.asSlice(0, size)));
        }
    }

    record Planted(int size, int offset, byte flip) {
    }

    @Provide
    Arbitrary<Planted> planted() {
        return Arbitraries.integers().between(1, 100_000).flatMap(size -> Arbitraries.oneOf(
                        Arbitraries.integers().between(0, size - 1),
                        Arbitraries.of(0, size - 1, size / 2, Math.max(0, size - 8), Math.min(size - 1, 8)))
                .flatMap(offset -> Arbitraries.integers().between(1, 255)
                        .map(flip -> new Planted(size, offset, (byte) (int) flip))));
    }

    @Property(tries = 500)
    void firstMismatchFindsAPlantedByte(@ForAll("planted") Planted p, @ForAll long seed) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment expected = filled(arena, p.size(), seed);
            MemorySegment actual = filled(arena, p.size(), seed);
            assertEquals(-1, DataPattern.firstMismatch(actual, expected));
            byte was = actual.get(ValueLayout.JAVA_BYTE, p.offset());
            actual.set(ValueLayout.JAVA_BYTE, p.offset(), (byte) (was ^ p.flip()));
            assertEquals(p.offset(), DataPattern.firstMismatch(actual, expected));
        }
    }

    @Property(tries = 200)
    void poisonedCopyIsCaughtAtItsFirstDifferingByte(@ForAll @IntRange(min = 1, max = 100_000) int size, @ForAll long seed) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment expected = filled(arena, size, seed);
            MemorySegment actual = arena.allocate(size);
            DataPattern.poison(actual);
            long first = DataPattern.firstMismatch(actual, expected);
            long i = 0;
            while (i < size && expected.get(ValueLayout.JAVA_BYTE, i) == DataPattern.POISON) {
                i++;
            }
            assertEquals(i == size ? -1 : i, first);
            assertFalse(size >= 16 && first == -1, "a pattern of " + size + " bytes is not all poison");
            assertTrue(first < 16, "first mismatch at " + first);
        }
    }
}
