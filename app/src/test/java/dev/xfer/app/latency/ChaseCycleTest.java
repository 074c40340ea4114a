package dev.xfer.app.latency;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChaseCycleTest {

    @Test
    void sequentialIsNvbandwidthsStrideOfOneLine() {
        ChaseCycle cycle = ChaseCycle.of(4, ChaseOrder.SEQUENTIAL, 99);
        assertEquals(1, cycle.next(0));
        assertEquals(3, cycle.next(2));
        assertEquals(0, cycle.next(3));
    }

    @Test
    void randomIsNotTheSequentialOrder() {
        ChaseCycle random = ChaseCycle.of(16384, ChaseOrder.RANDOM, 1);
        int inOrder = 0;
        for (int i = 0; i < random.nodes(); i++) {
            inOrder += random.next(i) == (i + 1) % random.nodes() ? 1 : 0;
        }
        // A random cycle links i to i + 1 about once in all 16384 nodes; a prefetcher sees no stride.
        assertTrue(inOrder <= 5, inOrder + " nodes link to the next one");
    }

    @Test
    void anotherSeedGivesAnotherCycle() {
        assertNotEquals(ChaseCycle.of(1000, ChaseOrder.RANDOM, 1).next(0), ChaseCycle.of(1000, ChaseOrder.RANDOM, 2).next(0));
    }

    @Test
    void oneNodeChasesItself() {
        ChaseCycle cycle = ChaseCycle.of(1, ChaseOrder.RANDOM, 7);
        assertEquals(0, cycle.next(0));
        assertEquals(0, cycle.after(123));
        assertThrows(IllegalArgumentException.class, () -> ChaseCycle.of(0, ChaseOrder.RANDOM, 7));
    }

    /** The layout the kernel reads: node i's first 8 bytes, at i * 128, hold the device address of next(i). */
    @Test
    void theChainHoldsAbsoluteAddressesOnePerLine() {
        ChaseCycle cycle = ChaseCycle.of(64, ChaseOrder.RANDOM, 3);
        long base = 0x7f00_0000_0000L;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(64L * LatencyPlan.NODE_BYTES);
            // In two pieces, as device chains are written through a staging buffer.
            ChainWriter.write(memory, cycle, base, 0, 40);
            ChainWriter.write(memory.asSlice(40L * LatencyPlan.NODE_BYTES), cycle, base, 40, 24);
            long at = base;
            for (int step = 0; step < 64; step++) {
                long offset = at - base;
                assertEquals(0, offset % LatencyPlan.NODE_BYTES);
                at = memory.get(ValueLayout.JAVA_LONG, offset);
            }
            assertEquals(base, at, "64 steps through 64 nodes come back to node 0");
            assertEquals(ChainWriter.address(base, cycle.after(1000)), walk(memory, base, 1000));
        }
    }

    private static long walk(MemorySegment memory, long base, int steps) {
        long at = base;
        for (int i = 0; i < steps; i++) {
            at = memory.get(ValueLayout.JAVA_LONG, at - base);
        }
        return at;
    }
}
