package dev.xfer.app.overlap;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** n elements over the streams: every element in exactly one chunk, the chunks as even as they can be. */
class ChunkPartitionProperties {

    /** n from 1 to Long.MAX_VALUE (small ones often), streams from 1 to min(n, 1024). */
    @Provide
    Arbitrary<Tuple2<Long, Integer>> elementsAndStreams() {
        Arbitrary<Long> n = Arbitraries.oneOf(
                Arbitraries.longs().between(1, 5000),
                Arbitraries.longs().between(1, Long.MAX_VALUE));
        return n.flatMap(elements -> Arbitraries.integers().between(1, (int) Math.min(elements, 1024))
                .map(streams -> Tuple.of(elements, streams)));
    }

    @Property
    void chunksCoverTheArrayOnceInOrder(@ForAll("elementsAndStreams") Tuple2<Long, Integer> input) {
        long n = input.get1();
        int streams = input.get2();
        List<Chunk> chunks = ChunkPartition.of(n, streams);

        assertEquals(streams, chunks.size());
        long next = 0;
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            assertEquals(i, c.stream(), "chunk " + i + " belongs to stream " + i);
            assertEquals(next, c.begin(), "chunk " + i + " starts where the previous one ended");
            assertTrue(c.length() >= 1, "chunk " + i + " is empty: " + c);
            next = c.end();
        }
        assertEquals(n, next, "the last chunk ends at n");
    }

    @Property
    void lengthsDifferByAtMostOneLongerFirst(@ForAll("elementsAndStreams") Tuple2<Long, Integer> input) {
        List<Chunk> chunks = ChunkPartition.of(input.get1(), input.get2());
        long longest = chunks.getFirst().length();
        long shortest = chunks.getLast().length();
        assertTrue(longest - shortest <= 1, chunks.getFirst() + " vs " + chunks.getLast());
        for (int i = 1; i < chunks.size(); i++) {
            assertTrue(chunks.get(i).length() <= chunks.get(i - 1).length(),
                    "longer chunks come first: " + chunks.get(i - 1) + " then " + chunks.get(i));
        }
    }

    @Property
    void rejectsFewerThanOneStream(@ForAll @IntRange(min = Integer.MIN_VALUE, max = 0) int streams,
                                   @ForAll @LongRange(min = 1) long n) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChunkPartition.of(n, streams));
        assertTrue(e.getMessage().contains("--streams must be at least 1"), e.getMessage());
    }

    @Property
    void rejectsFewerElementsThanStreams(@ForAll @IntRange(min = 1, max = 1024) int streams,
                                         @ForAll @IntRange(min = 0, max = 1023) int shortBy) {
        long n = streams - 1 - (shortBy % streams);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChunkPartition.of(n, streams));
        assertEquals(n + " elements cannot be split over " + streams + " streams", e.getMessage());
    }

    @Example
    void tenOverFourIsThreeThreeTwoTwo() {
        assertEquals(List.of(new Chunk(0, 0, 3), new Chunk(1, 3, 6), new Chunk(2, 6, 8), new Chunk(3, 8, 10)),
                ChunkPartition.of(10, 4));
    }

    @Example
    void asyncCuDefaultSplitsEvenly() {
        List<Chunk> chunks = ChunkPartition.of(OverlapPlan.ASYNC_CU_ELEMENTS, 4);
        for (Chunk c : chunks) {
            assertEquals(OverlapPlan.ASYNC_CU_ELEMENTS / 4, c.length());
        }
    }
}
