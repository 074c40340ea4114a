package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PcieLinkTest {

    @Test
    void gen5x16CarriesAbout63GigabytesPerSecond() {
        double gbps = new PcieLink(PcieGeneration.GEN5, 16).theoreticalGBps();
        assertEquals(63.015, gbps, 0.001);
        assertEquals("63.0", String.format(Locale.ROOT, "%.1f", gbps));
    }

    @Test
    void familiarFigures() {
        assertEquals(4.0, new PcieLink(PcieGeneration.GEN1, 16).theoreticalGBps(), 1e-9);
        assertEquals(8.0, new PcieLink(PcieGeneration.GEN2, 16).theoreticalGBps(), 1e-9);
        assertEquals(15.754, new PcieLink(PcieGeneration.GEN3, 16).theoreticalGBps(), 0.001);
        assertEquals(15.754, new PcieLink(PcieGeneration.GEN4, 8).theoreticalGBps(), 0.001);
        assertEquals(31.508, new PcieLink(PcieGeneration.GEN4, 16).theoreticalGBps(), 0.001);
        assertEquals(121.0, new PcieLink(PcieGeneration.GEN6, 16).theoreticalGBps(), 1e-9);
    }

    @Test
    void printsAsPeopleWriteIt() {
        assertEquals("PCIe Gen5 x16", new PcieLink(PcieGeneration.GEN5, 16).toString());
        assertEquals("PCIe Gen1 x1", new PcieLink(PcieGeneration.GEN1, 1).toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 33, Integer.MAX_VALUE})
    void rejectsImpossibleWidths(int width) {
        assertThrows(IllegalArgumentException.class, () -> new PcieLink(PcieGeneration.GEN3, width));
    }

    @Test
    void requiresGeneration() {
        assertThrows(IllegalArgumentException.class, () -> new PcieLink(null, 16));
    }
}
