package dev.xfer.nvml;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PcieByteCountersTest {

    @Test
    void differencesAcrossAWindow() {
        var before = new PcieByteCounters(1_000, 5_000, 64, 10);
        var after = new PcieByteCounters(1_000 + (1L << 30), 5_000 + 42, 64, 20);
        assertEquals(1L << 30, after.txBytesSince(before));
        assertEquals(42, after.rxBytesSince(before));
    }

    @Property(tries = 300)
    void aCounterThatWrappedOnceStillGivesTheBytesMoved(@ForAll @LongRange(min = 0, max = 0xFFFF_FFFFL) long start,
                                                        @ForAll @LongRange(min = 0, max = 0xFFFF_FFFFL) long moved) {
        long end32 = (start + moved) & 0xFFFF_FFFFL;
        assertEquals(moved, new PcieByteCounters(end32, end32, 32, 1)
                .txBytesSince(new PcieByteCounters(start, start, 32, 0)));
        long start64 = Long.MAX_VALUE - start;
        assertEquals(moved, new PcieByteCounters(start64 + moved, 0, 64, 1)
                .txBytesSince(new PcieByteCounters(start64, 0, 64, 0)), "an unsigned 64-bit wrap");
    }
}
