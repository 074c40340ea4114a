package dev.xfer.app.bandwidth;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The copy kernel's split of a copy among its threads ({@link CopyLayout}, which mirrors
 * {@code copy_bytes}): every byte is copied exactly once, by one thread, for any size (those that
 * do not divide by 16, by the grid or by the unroll), any alignment of either side, and any grid;
 * and past 4 GiB the per-thread counts still add up to the size.
 */
class CopyLayoutPropertiesTest {

    @Property(tries = 400)
    void everyByteIsCopiedExactlyOnce(@ForAll @IntRange(min = 0, max = 20_000) int bytes,
                                      @ForAll @IntRange(min = 0, max = 31) int dstOffset,
                                      @ForAll @IntRange(min = 0, max = 31) int srcOffset,
                                      @ForAll @IntRange(min = 1, max = 9) int blocks,
                                      @ForAll @IntRange(min = 1, max = 70) int threadsPerBlock,
                                      @ForAll @IntRange(min = 1, max = 12) int unroll) {
        long dst = 0x7f00_0000_0000L + dstOffset;
        long src = 0x2000_0000L + srcOffset;
        CopyLayout layout = CopyLayout.of(dst, src, bytes);
        long threads = (long) blocks * threadsPerBlock;
        int[] copies = new int[bytes];
        for (long t = 0; t < threads; t++) {
            long[] mine = {0};
            layout.forEachByte(t, threads, unroll, i -> {
                copies[Math.toIntExact(i)]++;
                mine[0]++;
            });
            assertEquals(mine[0], layout.bytesOf(t, threads, unroll), "thread " + t + " counted apart from its walk");
        }
        for (int i = 0; i < bytes; i++) {
            assertEquals(1, copies[i], "byte " + i + " of " + bytes + " copied " + copies[i] + " times");
        }
        assertEquals(bytes, layout.head() + 16 * layout.vectors() + layout.tail());
    }

    /** The vectors are whole 16-byte units aligned on both sides: what ld/st.v4 need. */
    @Property(tries = 300)
    void vectorsAreAlignedOnBothSides(@ForAll @LongRange(min = 0, max = 1L << 40) long bytes,
                                      @ForAll @IntRange(min = 0, max = 4095) int dstOffset,
                                      @ForAll @IntRange(min = 0, max = 4095) int srcOffset) {
        CopyLayout layout = CopyLayout.of(dstOffset, srcOffset, bytes);
        if (layout.vectors() > 0) {
            assertTrue(layout.vectorised());
            assertEquals(0, (dstOffset + layout.head()) % 16);
            assertEquals(0, (srcOffset + layout.head()) % 16);
            assertTrue(layout.head() < 16 && layout.tail() < 16);
        }
        if (!layout.vectorised()) {
            assertTrue((dstOffset - srcOffset) % 16 != 0 || bytes < 16,
                    "byte by byte only when the two sides differ mod 16, or the copy is shorter than dst's head");
        }
    }

    /** Past 4 GiB (64-bit indices): the threads' counts, from the kernel's loop bounds, add up to the size. */
    @Property(tries = 200)
    void largeCopiesAreCoveredWhole(@ForAll @LongRange(min = 4L << 30, max = 64L << 30) long bytes,
                                    @ForAll @IntRange(min = 0, max = 15) int dstOffset,
                                    @ForAll @IntRange(min = 1, max = 4 * 132) int blocks,
                                    @ForAll @IntRange(min = 1, max = 12) int unroll) {
        CopyLayout layout = CopyLayout.of(dstOffset, dstOffset, bytes);
        long threads = (long) blocks * LaunchShape.THREADS_PER_BLOCK;
        long sum = 0;
        for (long t = 0; t < threads; t++) {
            sum += layout.bytesOf(t, threads, unroll);
        }
        assertEquals(bytes, sum);
    }

    @Example
    void oneByteAndMismatchedSidesAreCopiedByteByByte() {
        CopyLayout one = CopyLayout.of(0, 0, 1);
        assertEquals(1, one.tail() + one.head());
        assertEquals(0, one.vectors());
        CopyLayout crooked = CopyLayout.of(0x1000, 0x2003, 4096);
        assertFalse(crooked.vectorised());
        assertEquals(4096, crooked.tail());
    }

    @Example
    void theShippedShapeMatchesTheKernel() {
        // copy_bytes and copy_bidir: #define COPY_THREADS_PER_BLOCK 512, #define COPY_UNROLL 12, __launch_bounds__(512, 1).
        assertEquals(512, LaunchShape.THREADS_PER_BLOCK);
        assertEquals(12, LaunchShape.UNROLL);
    }
}
