package dev.xfer.app.latency;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyPlanTest {
    private static final List<LatencyTarget.Kind> ALL = List.of(LatencyTarget.Kind.values());

    private static LatencyPlan plan(List<Long> sizes, List<LatencyTarget.Kind> kinds) {
        return new LatencyPlan(sizes, kinds, 1000, 3, ChaseOrder.RANDOM, 1);
    }

    @Test
    void targetsComeInTheOrderAskedWithEveryPeer() {
        assertEquals(List.of(LatencyTarget.HOST, LatencyTarget.DEVICE, LatencyTarget.peer(1), LatencyTarget.peer(3)),
                plan(List.of(4096L), ALL).targets(List.of(1, 3)));
        assertEquals(List.of(LatencyTarget.DEVICE, LatencyTarget.HOST),
                plan(List.of(4096L), List.of(LatencyTarget.Kind.DEVICE, LatencyTarget.Kind.HOST)).targets(List.of(1)));
        assertEquals(List.of(LatencyTarget.HOST, LatencyTarget.DEVICE), plan(List.of(4096L), ALL).targets(List.of()));
    }

    @Test
    void aSizeIsAWholeNumberOfNodes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(List.of(1000L), ALL));
        assertTrue(e.getMessage().contains("1000 bytes"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(64L), ALL));
        assertEquals(1, LatencyPlan.nodes(plan(List.of(128L), ALL).sizes().getFirst()));
        assertEquals(16384, LatencyPlan.nodes(LatencyPlan.DEFAULT_BYTES));
    }

    @Test
    void countsMustBePositive() {
        assertThrows(IllegalArgumentException.class,
                () -> new LatencyPlan(List.of(4096L), ALL, 0, 3, ChaseOrder.RANDOM, 1));
        assertThrows(IllegalArgumentException.class,
                () -> new LatencyPlan(List.of(4096L), ALL, 10, 0, ChaseOrder.RANDOM, 1));
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(4096L), List.of()));
    }

    @Test
    void remoteMemoryIsReadPastTheCaches() {
        assertTrue(LatencyTarget.HOST.uncached());
        assertTrue(LatencyTarget.peer(2).uncached());
        assertTrue(!LatencyTarget.DEVICE.uncached());
        assertEquals("gpu2", LatencyTarget.peer(2).id());
    }
}
