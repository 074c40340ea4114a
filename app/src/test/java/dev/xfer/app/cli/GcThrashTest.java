package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The thrash rule on readings as a watch takes them, a quarter second apart. */
class GcThrashTest {
    private static final long TICK = 250_000_000L;

    /**
     * Feeds {@code ticks} readings, each adding {@code gcPerTick} ms of collection and, where
     * {@code full}, one old-generation collection, at {@code occupancy}; true if any fired.
     */
    private static boolean feed(GcThrash rule, long[] clock, int ticks, long gcPerTick, boolean full, double occupancy) {
        boolean fired = false;
        for (int i = 0; i < ticks; i++) {
            clock[0] += TICK;
            clock[1] += gcPerTick;
            clock[2] += full ? 1 : 0;
            fired |= rule.observe(clock[0], clock[1], clock[2], occupancy);
        }
        return fired;
    }

    @Test
    void aFullHeapCollectingMostOfTheTimeFiresAfterTheWindow() {
        GcThrash rule = new GcThrash();
        long[] clock = {0, 0, 0};
        // 3 s less one tick: not yet a window.
        assertFalse(feed(rule, clock, 11, 100, true, 0.90));
        assertTrue(feed(rule, clock, 2, 100, true, 0.90));
    }

    @Test
    void aFullHeapThatDoesNotCollectNeverFires() {
        // bandwidth --memory heap --size 4GiB at -Xmx6g: the buffer fills the old generation, the copies allocate nothing.
        GcThrash rule = new GcThrash();
        long[] clock = {0, 0, 0};
        assertFalse(feed(rule, clock, 400, 2, false, 0.99));
    }

    @Test
    void collectingMuchWhileEachCollectionFreesTheHeapNeverFires() {
        // Churn: collections all the time, but the old generation is mostly empty after each.
        GcThrash rule = new GcThrash();
        long[] clock = {0, 0, 0};
        assertFalse(feed(rule, clock, 400, 240, true, 0.40));
        // Young collections alone (no old one), however busy, with a full old generation beside them.
        assertFalse(feed(rule, clock, 400, 240, false, 0.95));
    }

    @Test
    void aShortBurstOfFullCollectionsDoesNotFire() {
        GcThrash rule = new GcThrash();
        long[] clock = {0, 0, 0};
        assertFalse(feed(rule, clock, 20, 5, false, 0.5));
        // 2 s of thrash-like readings, then the run gets room again (a large intermediate freed).
        assertFalse(feed(rule, clock, 8, 240, true, 0.95));
        assertFalse(feed(rule, clock, 40, 5, false, 0.30));
    }

    @Test
    void theShareIsOfTheWholeWindow() {
        GcThrash rule = new GcThrash();
        long[] clock = {0, 0, 0};
        // Full throughout with a full collection a second, collecting 20% of the time: slow, not thrashing.
        for (int i = 0; i < 25; i++) {
            assertFalse(feed(rule, clock, 1, 50, true, 0.95));
            assertFalse(feed(rule, clock, 3, 50, false, 0.95));
        }
        // Then a full collection each reading and 40% of the time: fires within a window.
        assertTrue(feed(rule, clock, 13, 100, true, 0.95));
    }
}
