package dev.xfer.app.bandwidth;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.List;

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

    /**
     * {@code copy_bidir_one_vector}'s grid by size: each direction has a thread for every vector and
     * for every head and tail byte, so no thread has more than one vector, one head byte and one
     * tail byte of a pass (what the kernel's straight-line pass does), and every byte is copied once.
     */
    @Property(tries = 300)
    void theOneVectorGridGivesEachThreadOneVectorAndCopiesEveryByteOnce(
            @ForAll @IntRange(min = 0, max = 40_000) int bytes,
            @ForAll @IntRange(min = 0, max = 31) int dstOffset,
            @ForAll @IntRange(min = 0, max = 31) int srcOffset) {
        LaunchShape shape = LaunchShape.oneVectorFor(bytes);
        assertEquals(LaunchShape.ONE_VECTOR_THREADS_PER_BLOCK, shape.threadsPerBlock());
        BidirSplit split = BidirSplit.of(shape);
        CopyLayout up = CopyLayout.of(0x7f00_0000_0000L + dstOffset, 0x2000_0000L + srcOffset, bytes);
        CopyLayout down = CopyLayout.of(0x3000_0000L + srcOffset, 0x7e00_0000_0000L + dstOffset, bytes);
        for (CopyLayout layout : List.of(up, down)) {
            if (layout.vectorised()) {
                assertTrue(split.threadsPerDirection() >= Math.max(layout.vectors(), 16),
                        split.threadsPerDirection() + " threads each way for " + layout);
            }
        }
        // one block fewer would not do: the grid is the smallest that covers a direction
        assertTrue(shape.blocks() == 1 || (shape.blocks() - 1) * 512L < Math.max((bytes + 15) / 16, 16));
        int[] upCopies = new int[bytes];
        int[] downCopies = new int[bytes];
        for (long g = 0; g < split.gridThreads(); g++) {
            long t = split.threadInDirection(g);
            CopyLayout layout = split.up(g) ? up : down;
            if (layout.vectorised()) {
                long mine = layout.bytesOf(t, split.threadsPerDirection(), LaunchShape.UNROLL);
                assertTrue(mine <= 16 + 2, "thread " + t + " copies " + mine + " bytes of a pass");
            }
            split.forEachByte(g, up, down, LaunchShape.UNROLL, i -> upCopies[Math.toIntExact(i)]++,
                    i -> downCopies[Math.toIntExact(i)]++);
        }
        for (int i = 0; i < bytes; i++) {
            assertEquals(1, upCopies[i], "up byte " + i + " of " + bytes);
            assertEquals(1, downCopies[i], "down byte " + i + " of " + bytes);
        }
    }

    @Example
    void theOneVectorGridAt512MiBIsNvbandwidthsBlockCountTwice() {
        // nvbandwidth: 512 MiB / 16 B / 1024 = 32,768 blocks move half the buffer each way;
        // copy_bidir_one_vector moves the whole buffer each way, so twice the blocks.
        assertEquals(65_536, LaunchShape.oneVectorFor(512L << 20).blocks());
        assertEquals(1, LaunchShape.oneVectorFor(0).blocks());
        assertEquals(1, LaunchShape.oneVectorFor(1).blocks());
        assertEquals(2, LaunchShape.oneVectorFor(512 * 16 + 1).blocks());
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
