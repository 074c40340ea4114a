package dev.xfer.app.sysfs;

import static dev.xfer.app.sysfs.PcieGeneration.GEN1;
import static dev.xfer.app.sysfs.PcieGeneration.GEN3;
import static dev.xfer.app.sysfs.PcieGeneration.GEN4;
import static dev.xfer.app.sysfs.PcieGeneration.GEN5;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class LinkHealthTest {

    private static LinkHealth health(PcieLink current, PcieLink max) {
        return new LinkHealth(Optional.ofNullable(current), Optional.ofNullable(max));
    }

    private static LinkHealth fixture(String fixtureCase, String busId) {
        return LinkHealth.of(new PciDeviceReader(SysfsFixtures.root(fixtureCase)).read(busId).orElseThrow());
    }

    @Test
    void fullLink() {
        LinkHealth health = fixture(SysfsFixtures.SINGLE_NODE_GEN5, "0000:17:00.0");
        assertTrue(health.isKnown());
        assertFalse(health.isBelowMaximum());
        assertEquals("PCIe Gen5 x16, at maximum", health.describe());
    }

    @Test
    void linkTrainedAtHalfWidth() {
        LinkHealth health = fixture(SysfsFixtures.TWO_NODE_DEGRADED, "0000:81:00.0");
        assertTrue(health.isWidthReduced());
        assertFalse(health.isSpeedReduced());
        assertTrue(health.isBelowMaximum());
        assertEquals("PCIe Gen4 x8, below maximum PCIe Gen4 x16 (width)", health.describe());
    }

    @Test
    void idleGpuIsSlowButNotNarrow() {
        LinkHealth health = fixture(SysfsFixtures.FOUR_NODE_TWO_GPUS, "0000:c1:00.0");
        assertTrue(health.isSpeedReduced());
        assertFalse(health.isWidthReduced());
        assertEquals("PCIe Gen1 x16, below maximum PCIe Gen4 x16 (speed)", health.describe());
        assertFalse(fixture(SysfsFixtures.FOUR_NODE_TWO_GPUS, "0000:41:00.0").isBelowMaximum());
    }

    @Test
    void bothReduced() {
        LinkHealth health = health(new PcieLink(GEN3, 4), new PcieLink(GEN5, 16));
        assertTrue(health.isWidthReduced() && health.isSpeedReduced());
        assertEquals("PCIe Gen3 x4, below maximum PCIe Gen5 x16 (width and speed)", health.describe());
    }

    @Test
    void unknownLinkIsNeverReportedAsReduced() {
        LinkHealth health = fixture(SysfsFixtures.UNKNOWN_LINK, "0000:00:05.0");
        assertFalse(health.isKnown());
        assertFalse(health.isBelowMaximum());
        assertEquals("PCIe link unknown", health.describe());
    }

    @Test
    void halfKnownLinks() {
        assertEquals("PCIe link unknown, maximum PCIe Gen4 x16", health(null, new PcieLink(GEN4, 16)).describe());
        assertEquals("PCIe Gen1 x16, maximum unknown", health(new PcieLink(GEN1, 16), null).describe());
        assertFalse(health(new PcieLink(GEN1, 1), null).isBelowMaximum());
    }

    @Test
    void aLinkAboveTheReportedMaximumIsNotReduced() {
        assertFalse(health(new PcieLink(GEN5, 16), new PcieLink(GEN4, 8)).isBelowMaximum());
    }
}
