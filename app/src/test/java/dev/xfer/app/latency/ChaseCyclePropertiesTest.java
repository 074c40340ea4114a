package dev.xfer.app.latency;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.BitSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A chase's cycle is one cycle through every node, whatever the size, order and seed. */
class ChaseCyclePropertiesTest {

    @Property(tries = 300)
    void followingNextFromNodeZeroVisitsEveryNodeOnceThenReturns(@ForAll @IntRange(min = 1, max = 5000) int nodes,
                                                                  @ForAll long seed, @ForAll ChaseOrder order) {
        ChaseCycle cycle = ChaseCycle.of(nodes, order, seed);
        BitSet seen = new BitSet(nodes);
        int node = 0;
        for (int step = 0; step < nodes; step++) {
            assertFalse(seen.get(node), "node " + node + " visited twice within " + nodes + " steps");
            seen.set(node);
            node = cycle.next(node);
        }
        assertEquals(nodes, seen.cardinality());
        assertEquals(0, node, "after " + nodes + " steps the chase is back at node 0");
    }

    @Property(tries = 200)
    void afterIsTheWalkOfThatManySteps(@ForAll @IntRange(min = 1, max = 300) int nodes, @ForAll long seed,
                                       @ForAll @LongRange(min = 0, max = 2000) long steps) {
        ChaseCycle cycle = ChaseCycle.of(nodes, ChaseOrder.RANDOM, seed);
        int node = 0;
        for (long s = 0; s < steps; s++) {
            node = cycle.next(node);
        }
        assertEquals(node, cycle.after(steps));
    }

    @Property(tries = 100)
    void theSameSeedGivesTheSameCycle(@ForAll @IntRange(min = 1, max = 2000) int nodes, @ForAll long seed) {
        ChaseCycle a = ChaseCycle.of(nodes, ChaseOrder.RANDOM, seed);
        ChaseCycle b = ChaseCycle.of(nodes, ChaseOrder.RANDOM, seed);
        for (int i = 0; i < nodes; i++) {
            assertEquals(a.next(i), b.next(i));
        }
    }

    /** No node points at itself (the cycle has no fixed point) once there are two nodes or more. */
    @Property(tries = 100)
    void noNodeLinksToItself(@ForAll @IntRange(min = 2, max = 2000) int nodes, @ForAll long seed) {
        ChaseCycle cycle = ChaseCycle.of(nodes, ChaseOrder.RANDOM, seed);
        for (int i = 0; i < nodes; i++) {
            assertNotEquals(i, cycle.next(i));
        }
    }
}
