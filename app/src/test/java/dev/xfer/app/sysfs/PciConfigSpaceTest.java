package dev.xfer.app.sysfs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Config space as an H100 VM's sysfs gave it to root, and as an unprivileged reader gets it. */
class PciConfigSpaceTest {

    private static PciConfigSpace h100() throws IOException {
        return new PciConfigSpace(Files.readAllBytes(SysfsFixtures.root(SysfsFixtures.H100_VM_ROOT)
                .resolve("bus/pci/devices/0000:00:06.0/config")));
    }

    @Test
    void theH100sPciExpressCapability() throws IOException {
        PciConfigSpace config = h100();
        assertEquals(4096, config.length());
        assertEquals(0x10de, config.u16(0));
        // Its list: 0x40 power management, 0x48 MSI, 0x60 PCI Express, 0xb0 MSI-X.
        assertEquals(0x60, config.capability(PciConfigSpace.PCI_EXPRESS_CAPABILITY).orElseThrow());
        assertEquals(0xb0, config.capability(0x11).orElseThrow());
        PcieCapability pcie = PcieCapability.of(config).orElseThrow();
        assertEquals(new PcieCapability(0x60, 0, 256, 256, 4096), pcie);
        assertEquals("endpoint", pcie.portTypeName());
        assertEquals("0x68", pcie.deviceControlOffset());
        assertEquals("0x64", pcie.deviceCapabilitiesOffset());
    }

    @Test
    void extendedCapabilitiesWalkPastNullOnes() throws IOException {
        PciConfigSpace config = h100();
        // 0x100 is a null capability (id 0) that points on to LTR at 0x12c; AER sits at 0x1b8.
        assertEquals(0x12c, config.extendedCapability(0x18).orElseThrow());
        assertEquals(0x1b8, config.extendedCapability(0x01).orElseThrow());
        assertTrue(config.extendedCapability(PciConfigSpace.ACS_EXTENDED_CAPABILITY).isEmpty());
        assertTrue(AcsCapability.of(config).isEmpty());
    }

    @Test
    void anUnprivilegedReadHasTheHeaderOnly() throws IOException {
        PciConfigSpace header = new PciConfigSpace(Arrays.copyOf(h100().bytes(), 64));
        assertFalse(header.coversStandard());
        assertFalse(header.coversExtended());
        assertEquals(0x10de, header.u16(0));
        assertThrows(IllegalStateException.class, () -> header.capability(PciConfigSpace.PCI_EXPRESS_CAPABILITY));
        assertThrows(IndexOutOfBoundsException.class, () -> header.u16(0x68));
    }

    @Test
    void aLoopingListEnds() {
        PciConfigSpace looping = new PciConfigSpace(new byte[256]).with(0x06, 2, 0x10).with(0x34, 1, 0x40)
                .with(0x40, 1, 0x05).with(0x41, 1, 0x40);
        assertTrue(looping.capability(PciConfigSpace.PCI_EXPRESS_CAPABILITY).isEmpty());
        PciConfigSpace extendedLoop = new PciConfigSpace(new byte[4096]).with(0x100, 4, 0x10000001L);
        assertTrue(extendedLoop.extendedCapability(PciConfigSpace.ACS_EXTENDED_CAPABILITY).isEmpty());
    }

    @Test
    void acsControlBits() {
        PciConfigSpace config = new PciConfigSpace(new byte[4096]).with(0x100, 4, 0x0001000DL).with(0x106, 2, 0x000c);
        AcsCapability acs = AcsCapability.of(config).orElseThrow();
        assertTrue(acs.requestRedirect());
        assertTrue(acs.completionRedirect());
        assertFalse(acs.egressControl());
        assertTrue(acs.redirectsPeerTraffic());
        assertEquals("0x106", acs.controlOffset());
        assertFalse(AcsCapability.of(config.with(0x106, 2, 0x0013)).orElseThrow().redirectsPeerTraffic());
    }
}
