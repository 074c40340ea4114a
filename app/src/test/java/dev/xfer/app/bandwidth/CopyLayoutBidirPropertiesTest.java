package dev.xfer.app.bandwidth;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code copy_bidir}'s split of one grid between two directions ({@link BidirSplit}, mirroring the
 * kernel): each direction's bytes are copied exactly once, whatever the size, the alignment of
 * each of the four addresses, the grid and the unroll; and the grid's threads are shared out so
 * that each direction has threads 0..T'-1, each once.
 */
class CopyLayoutBidirPropertiesTest {

    @Property(tries = 300)
    void eachDirectionCopiesEveryByteExactlyOnce(@ForAll @IntRange(min = 0, max = 20_000) int bytes,
                                                 @ForAll @IntRange(min = 0, max = 31) int upDstOffset,
                                                 @ForAll @IntRange(min = 0, max = 31) int upSrcOffset,
                                                 @ForAll @IntRange(min = 0, max = 31) int downDstOffset,
                                                 @ForAll @IntRange(min = 0, max = 31) int downSrcOffset,
                                                 @ForAll @IntRange(min = 1, max = 5) int blocks,
                                                 @ForAll @IntRange(min = 1, max = 3) int warpPairsPerBlock,
                                                 @ForAll @IntRange(min = 1, max = 12) int unroll) {
        BidirSplit split = BidirSplit.of(new LaunchShape(blocks, 64 * warpPairsPerBlock));
        CopyLayout up = CopyLayout.of(0x7f00_0000_0000L + upDstOffset, 0x2000_0000L + upSrcOffset, bytes);
        CopyLayout down = CopyLayout.of(0x3000_0000L + downDstOffset, 0x7e00_0000_0000L + downSrcOffset, bytes);
        int[] upCopies = new int[bytes];
        int[] downCopies = new int[bytes];
        for (long g = 0; g < split.gridThreads(); g++) {
            split.forEachByte(g, up, down, unroll, i -> upCopies[Math.toIntExact(i)]++,
                    i -> downCopies[Math.toIntExact(i)]++);
        }
        for (int i = 0; i < bytes; i++) {
            assertEquals(1, upCopies[i], "up byte " + i + " of " + bytes + " copied " + upCopies[i] + " times");
            assertEquals(1, downCopies[i], "down byte " + i + " of " + bytes + " copied " + downCopies[i] + " times");
        }
    }

    @Property(tries = 200)
    void eachDirectionHasEveryThreadIndexOnce(@ForAll @IntRange(min = 1, max = 300) int blocks,
                                              @ForAll @IntRange(min = 1, max = 16) int warpPairsPerBlock) {
        BidirSplit split = BidirSplit.of(new LaunchShape(blocks, 64 * warpPairsPerBlock));
        long half = split.threadsPerDirection();
        assertEquals(split.gridThreads(), 2 * half);
        boolean[] upSeen = new boolean[Math.toIntExact(half)];
        boolean[] downSeen = new boolean[Math.toIntExact(half)];
        for (long g = 0; g < split.gridThreads(); g++) {
            long t = split.threadInDirection(g);
            assertTrue(t >= 0 && t < half, "thread " + g + " maps to " + t + " of " + half);
            boolean[] seen = split.up(g) ? upSeen : downSeen;
            assertFalse(seen[(int) t], "two threads of one direction are " + t);
            seen[(int) t] = true;
            // A warp is one direction: its lanes are consecutive threads of it.
            assertEquals(split.up(g), split.up(g & ~31L));
            assertEquals(t & ~31L, split.threadInDirection(g & ~31L));
        }
    }

    /** The shipped shape: 512 threads, 8 warps up and 8 down in every block. */
    @Example
    void shippedShapeSplitsEvenly() {
        BidirSplit split = BidirSplit.of(LaunchShape.ofBlocks(132));
        assertEquals(132L * 256, split.threadsPerDirection());
        assertTrue(split.up(0) && !split.up(32) && split.up(64));
        assertEquals(32, split.threadInDirection(64));
        assertEquals(0, split.threadInDirection(32));
    }

    @Example
    void blocksOfAnOddWarpCountAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BidirSplit.of(new LaunchShape(2, 96)));
        assertThrows(IllegalArgumentException.class, () -> new BidirSplit(32));
    }
}
