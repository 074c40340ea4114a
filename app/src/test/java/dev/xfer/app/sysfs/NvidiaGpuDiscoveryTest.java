package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Finding NVIDIA GPUs in sysfs alone, as {@code xfer topo} does when CUDA is not usable. */
class NvidiaGpuDiscoveryTest {

    private static List<PciDeviceInfo> gpus(String fixtureCase) {
        return new PciDeviceReader(SysfsFixtures.root(fixtureCase)).readNvidiaGpus();
    }

    private static List<String> busIds(List<PciDeviceInfo> gpus) {
        return gpus.stream().map(gpu -> gpu.address().sysfsName()).toList();
    }

    @Test
    void oneNodeOneGpu() {
        List<PciDeviceInfo> gpus = gpus(SysfsFixtures.SINGLE_NODE_GEN5);

        assertEquals(List.of("0000:17:00.0"), busIds(gpus));
        assertEquals(OptionalInt.of(0), gpus.getFirst().numaNode());
        assertEquals(Optional.of(new PcieLink(PcieGeneration.GEN5, 16)), gpus.getFirst().currentLink());
    }

    /** The tree also holds a Mellanox NIC and the GPU's own HDMI audio function (vendor 0x10de). */
    @Test
    void twoNodesGpuOnNodeOneNicAndAudioIgnored() {
        List<PciDeviceInfo> gpus = gpus(SysfsFixtures.TWO_NODE_DEGRADED);

        assertEquals(List.of("0000:81:00.0"), busIds(gpus));
        assertEquals(OptionalInt.of(1), gpus.getFirst().numaNode());
        assertTrue(LinkHealth.of(gpus.getFirst()).isWidthReduced());
    }

    /** The tree also holds the BMC's ASPEED VGA controller and an NVIDIA bridge-class (NVSwitch) function. */
    @Test
    void fourNodesTwoGpusInAddressOrder() {
        List<PciDeviceInfo> gpus = gpus(SysfsFixtures.FOUR_NODE_TWO_GPUS);

        assertEquals(List.of("0000:41:00.0", "0000:c1:00.0"), busIds(gpus));
        assertEquals(OptionalInt.of(1), gpus.get(0).numaNode());
        assertEquals(OptionalInt.of(3), gpus.get(1).numaNode());
    }

    @Test
    void gpuWithoutNumaAffinity() {
        List<PciDeviceInfo> gpus = gpus(SysfsFixtures.VM_GUEST_GEN5);

        assertEquals(List.of("0000:00:06.0"), busIds(gpus));
        assertEquals(OptionalInt.empty(), gpus.getFirst().numaNode());
        assertEquals(Optional.of("0-15"), gpus.getFirst().localCpulistText());
    }

    @Test
    void vgaClassGpuFoundIntelGraphicsAndAudioIgnored() {
        assertEquals(List.of("0000:01:00.0"), busIds(gpus(SysfsFixtures.WORKSTATION_VGA)));
    }

    @Test
    void gpuWithUnknownLinkAndNoNodeFolderIsStillListed() {
        List<PciDeviceInfo> gpus = gpus(SysfsFixtures.UNKNOWN_LINK);

        assertEquals(List.of("0000:00:05.0"), busIds(gpus));
        assertEquals(Optional.empty(), gpus.getFirst().currentLink());
    }

    @Test
    void noPciFolderMeansNoGpu(@TempDir Path root) {
        assertEquals(List.of(), new PciDeviceReader(root).readNvidiaGpus());
    }

    @Test
    void entriesThatAreNotPciAddressesOrLackAttributesAreSkipped(@TempDir Path root) throws IOException {
        Path devices = Files.createDirectories(root.resolve("bus/pci/devices"));
        writeFunction(devices.resolve("not-an-address"), "0x10de", "0x030200");
        writeFunction(devices.resolve("0000:02:00.0"), null, "0x030200");
        writeFunction(devices.resolve("0000:03:00.0"), "0x10de", null);
        writeFunction(devices.resolve("0001:04:00.0"), "0x10DE", "0x030200");

        assertEquals(List.of("0001:04:00.0"), busIds(new PciDeviceReader(root).readNvidiaGpus()));
    }

    private static void writeFunction(Path directory, String vendor, String pciClass) throws IOException {
        Files.createDirectories(directory);
        if (vendor != null) {
            Files.writeString(directory.resolve("vendor"), vendor + "\n");
        }
        if (pciClass != null) {
            Files.writeString(directory.resolve("class"), pciClass + "\n");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "0x10de, 0x030200, true",
        "0x10de, 0x030000, true",
        "0x10DE, 0x0302ff, true",
        "0x10de, 0x038000, false",
        "0x10de, 0x040300, false",
        "0x10de, 0x068000, false",
        "0x10de, 0x060400, false",
        "0x1002, 0x030000, false",
        "0x8086, 0x030200, false",
        "10de, 0x030200, false",
        "0x10de, 0x0302, false",
        "0x10de, 030200, false",
        "0x10de0, 0x030200, false",
        "0x10de, 0x03020g, false",
    })
    void vendorAndClass(String vendor, String pciClass, boolean gpu) {
        assertEquals(gpu, PciDeviceReader.isNvidiaGpu(Optional.of(vendor), Optional.of(pciClass)));
    }

    @Test
    void missingVendorOrClassIsNoGpu() {
        assertFalse(PciDeviceReader.isNvidiaGpu(Optional.empty(), Optional.of("0x030200")));
        assertFalse(PciDeviceReader.isNvidiaGpu(Optional.of("0x10de"), Optional.empty()));
    }
}
