package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import static dev.xfer.app.sysfs.PcieGeneration.GEN4;
import static dev.xfer.app.sysfs.PcieGeneration.GEN5;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PciDeviceReaderTest {

    private static PciDeviceInfo read(String fixtureCase, String busId) {
        return new PciDeviceReader(SysfsFixtures.root(fixtureCase)).read(busId).orElseThrow();
    }

    @Test
    void singleNodeGen5Gpu() {
        PciDeviceInfo gpu = read(SysfsFixtures.SINGLE_NODE_GEN5, "0000:17:00.0");

        assertEquals(new PciAddress(0, 0x17, 0, 0), gpu.address());
        assertEquals(OptionalInt.of(0), gpu.numaNode());
        assertEquals(Optional.of("0-31"), gpu.localCpulistText());
        assertEquals(32, gpu.localCpus().orElseThrow().size());
        assertEquals(Optional.of(new PcieLink(GEN5, 16)), gpu.currentLink());
        assertEquals(Optional.of(new PcieLink(GEN5, 16)), gpu.maxLink());
        assertEquals(63.0, gpu.currentLink().orElseThrow().theoreticalGBps(), 0.05);
    }

    @Test
    void acceptsTheBusIdAsNvmlPrintsIt() {
        assertEquals(read(SysfsFixtures.SINGLE_NODE_GEN5, "0000:17:00.0"),
            read(SysfsFixtures.SINGLE_NODE_GEN5, "00000000:17:00.0"));
        assertEquals(new PciAddress(0, 0x81, 0, 0), read(SysfsFixtures.TWO_NODE_DEGRADED, "00000000:81:00.0").address());
    }

    @Test
    void degradedGpuOnSecondNodeInOlderKernelFormat() {
        PciDeviceInfo gpu = read(SysfsFixtures.TWO_NODE_DEGRADED, "0000:81:00.0");

        assertEquals(OptionalInt.of(1), gpu.numaNode());
        assertEquals(Optional.of("24-47,72-95"), gpu.localCpulistText());
        assertEquals(CpuSet.parse("24-47,72-95"), gpu.localCpus());
        assertEquals(Optional.of(new PcieLink(GEN4, 8)), gpu.currentLink());
        assertEquals(Optional.of(new PcieLink(GEN4, 16)), gpu.maxLink());
    }

    @Test
    void twoGpusOnDifferentNodes() {
        PciDeviceInfo first = read(SysfsFixtures.FOUR_NODE_TWO_GPUS, "0000:41:00.0");
        PciDeviceInfo second = read(SysfsFixtures.FOUR_NODE_TWO_GPUS, "00000000:C1:00.0");

        assertEquals(OptionalInt.of(1), first.numaNode());
        assertEquals(OptionalInt.of(3), second.numaNode());
        assertTrue(second.localCpus().orElseThrow().contains(112));
        assertEquals(Optional.of(new PcieLink(GEN4, 16)), first.currentLink());
        assertEquals(Optional.of(new PcieLink(PcieGeneration.GEN1, 16)), second.currentLink());
        assertEquals(Optional.of(new PcieLink(GEN4, 16)), second.maxLink());
    }

    @Test
    void unknownNumaAndLinkStayUnknown() {
        PciDeviceInfo gpu = read(SysfsFixtures.UNKNOWN_LINK, "0000:00:05.0");

        assertEquals(OptionalInt.empty(), gpu.numaNode());
        assertEquals(Optional.empty(), gpu.localCpulistText());
        assertEquals(Optional.empty(), gpu.localCpus());
        assertEquals(Optional.empty(), gpu.currentLink());
        assertEquals(Optional.empty(), gpu.maxLink());
    }

    @Test
    void vmGuestHasFullLinkButNoNumaAffinity() {
        PciDeviceInfo gpu = read(SysfsFixtures.VM_GUEST_GEN5, "00000000:00:06.0");

        assertEquals(OptionalInt.empty(), gpu.numaNode());
        assertEquals(CpuSet.parse("0-15"), gpu.localCpus());
        assertEquals(Optional.of(new PcieLink(GEN5, 16)), gpu.currentLink());
        assertEquals(gpu.maxLink(), gpu.currentLink());
    }

    @Test
    void malformedAttributesBecomeUnknown() {
        PciDeviceInfo gpu = read(SysfsFixtures.MALFORMED, "0000:17:00.0");

        assertEquals(OptionalInt.empty(), gpu.numaNode());
        assertEquals(Optional.of("7-2"), gpu.localCpulistText());
        assertEquals(Optional.empty(), gpu.localCpus());
        assertEquals(Optional.empty(), gpu.currentLink());
        assertEquals(Optional.empty(), gpu.maxLink());
    }

    @Test
    void absentDeviceOrBadBusIdIsEmpty() {
        PciDeviceReader reader = new PciDeviceReader(SysfsFixtures.root(SysfsFixtures.SINGLE_NODE_GEN5));

        assertEquals(Optional.empty(), reader.read("0000:18:00.0"));
        assertEquals(Optional.empty(), reader.read("not a bus id"));
    }

    @Test
    void missingSysfsIsEmpty(@TempDir Path empty) {
        assertEquals(Optional.empty(), new PciDeviceReader(empty.resolve("nowhere")).read("0000:17:00.0"));
    }
}
