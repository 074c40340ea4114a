package dev.xfer.app.placement;

import dev.xfer.host.ThreadPlacement;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Counting sampled pages per node, and sampling on this machine. */
class HostMemoryNodesTest {

    @Test
    void statusesAreCountedPerNodeAndErrorsLeftOut() {
        HostMemoryNodes nodes = HostMemoryNodes.ofStatuses(new int[] {1, 0, 1, -2, 1, -14});
        assertEquals(Map.of(0, 1, 1, 3), nodes.pagesByNode());
        assertEquals(6, nodes.sampled());
        assertEquals("0:1 1:3", nodes.format());
        assertEquals("on node 0 (1 pages), node 1 (3 pages) of 6 sampled", nodes.describe());
        assertFalse(nodes.allOn(1));
        assertEquals(Map.of("0", 1, "1", 3), nodes.toJson());
    }

    @Test
    void allOnOneNode() {
        HostMemoryNodes nodes = HostMemoryNodes.allOn(2, 64);
        assertTrue(nodes.allOn(2));
        assertFalse(nodes.allOn(0));
        assertEquals("2:64", nodes.format());
        assertEquals("on node 2 (64 of 64 sampled pages)", nodes.describe());
        assertEquals("not resident (0 of 3 sampled pages)", HostMemoryNodes.ofStatuses(new int[] {-2, -2, -2}).describe());
        assertFalse(HostMemoryNodes.ofStatuses(new int[0]).allOn(0), "nothing sampled is nowhere");
    }

    @Test
    void buffersAddUp() {
        HostMemoryNodes sum = HostMemoryNodes.sum(List.of(HostMemoryNodes.allOn(0, 64),
                HostMemoryNodes.ofStatuses(new int[] {0, 1, -2})));
        assertEquals(Map.of(0, 65, 1, 1), sum.pagesByNode());
        assertEquals(67, sum.sampled());
    }

    @Test
    void countsMustBeConsistent() {
        assertThrows(IllegalArgumentException.class, () -> new HostMemoryNodes(new java.util.TreeMap<>(Map.of(0, 5)), 4));
        assertThrows(IllegalArgumentException.class, () -> new HostMemoryNodes(new java.util.TreeMap<>(Map.of(-1, 1)), 1));
        assertThrows(IllegalArgumentException.class, () -> new HostMemoryNodes(new java.util.TreeMap<>(Map.of(0, 0)), 1));
    }

    @Test
    void nativeMemoryHereIsOnNode0AndHeapMemoryIsNotSampled() {
        assumeTrue(ThreadPlacement.isSupported(), "Linux x86-64");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(4L << 20, 4096);
            HostMemoryNodes nodes = HostMemoryNodes.sample(buffer).orElseThrow();
            assertEquals(HostMemoryNodes.SAMPLES, nodes.sampled());
            assertTrue(nodes.pagesByNode().containsKey(0), nodes.toString());
        }
        assertEquals(Optional.empty(), HostMemoryNodes.sample(MemorySegment.ofArray(new long[4096])));
    }
}
