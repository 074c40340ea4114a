package dev.xfer.app.sysfs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bridges above a function, from the kernel's links under bus/pci/devices. */
class PciHierarchyTest {

    @Test
    void aGpuBehindASwitch(@TempDir Path sysfs) throws IOException {
        Path root = sysfs.resolve("devices/pci0000:80");
        Path gpu = Files.createDirectories(root.resolve("0000:80:01.0/0000:81:00.0/0000:82:08.0/0000:83:00.0"));
        Path devices = Files.createDirectories(sysfs.resolve("bus/pci/devices"));
        Files.createSymbolicLink(devices.resolve("0000:83:00.0"), gpu);
        PciAddress address = PciAddress.parse("0000:83:00.0").orElseThrow();

        PciHierarchy hierarchy = new PciHierarchy(sysfs);
        assertEquals(List.of("0000:82:08.0", "0000:81:00.0", "0000:80:01.0"),
                hierarchy.upstream(address).stream().map(f -> f.address().sysfsName()).toList());
        assertEquals(Optional.of("pci0000:80"), hierarchy.hostBridge(address));
    }

    @Test
    void aVmsGpuOnTheRootBusHasNoBridge() {
        PciHierarchy hierarchy = new PciHierarchy(SysfsFixtures.root(SysfsFixtures.H100_VM_ROOT));
        PciAddress address = PciAddress.parse("0000:00:06.0").orElseThrow();
        assertTrue(hierarchy.function(address).isPresent());
        assertTrue(hierarchy.upstream(address).isEmpty());
        assertTrue(hierarchy.upstream(PciAddress.parse("0000:99:00.0").orElseThrow()).isEmpty());
    }
}
