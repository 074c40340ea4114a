package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class PcieLinkPropertiesTest {

    @Property
    void rateIsWidthTimesPerLaneRate(@ForAll PcieGeneration generation, @ForAll @IntRange(min = 1, max = 32) int width) {
        double expected = width * generation.transferRateGTps() * generation.encodingEfficiency() / 8.0;
        assertEquals(expected, new PcieLink(generation, width).theoreticalGBps(), expected * 1e-12);
        assertEquals(width * generation.perLaneGBps(), new PcieLink(generation, width).theoreticalGBps(), expected * 1e-12);
    }

    @Property
    void widerLinksAreFaster(@ForAll PcieGeneration generation,
                             @ForAll @IntRange(min = 1, max = 31) int narrow,
                             @ForAll @IntRange(min = 1, max = 31) int extra) {
        int wide = Math.min(narrow + extra, PcieLink.MAX_WIDTH);
        if (wide == narrow) {
            return;
        }
        assertTrue(new PcieLink(generation, wide).theoreticalGBps() > new PcieLink(generation, narrow).theoreticalGBps());
    }

    @Property
    void laterGenerationsAreFaster(@ForAll PcieGeneration older, @ForAll PcieGeneration newer,
                                   @ForAll @IntRange(min = 1, max = 32) int width) {
        if (newer.compareTo(older) <= 0) {
            return;
        }
        assertTrue(new PcieLink(newer, width).theoreticalGBps() > new PcieLink(older, width).theoreticalGBps());
    }
}
