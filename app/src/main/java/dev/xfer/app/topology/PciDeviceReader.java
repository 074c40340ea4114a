package dev.xfer.app.topology;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads a PCI function's NUMA placement and PCIe link from {@code <sysfs>/bus/pci/devices/<address>/}.
 *
 * <p>Only the function's own attribute files are read; the link of bridges above it is not
 * followed (see {@link PciDeviceInfo}).
 */
public final class PciDeviceReader {
    private final Path sysfsRoot;

    /** A reader of the live system's {@code /sys}. */
    public PciDeviceReader() {
        this(SysfsFile.DEFAULT_ROOT);
    }

    /** A reader of the sysfs tree mounted (or copied) at {@code sysfsRoot}. */
    public PciDeviceReader(Path sysfsRoot) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
    }

    /**
     * Reads the device with a bus id as CUDA or NVML prints it, such as {@code 00000000:17:00.0}.
     * Empty if the text is not a PCI address or sysfs has no such device.
     */
    public Optional<PciDeviceInfo> read(String busId) {
        return PciAddress.parse(busId).flatMap(this::read);
    }

    /**
     * Reads the device at {@code address}; empty if sysfs has no such device. Attributes that are
     * missing or malformed come back as unknown values.
     */
    public Optional<PciDeviceInfo> read(PciAddress address) {
        Path device = sysfsRoot.resolve("bus/pci/devices").resolve(address.sysfsName());
        if (!Files.isDirectory(device)) {
            return Optional.empty();
        }
        Optional<String> cpulist = SysfsFile.read(device.resolve("local_cpulist"));
        return Optional.of(new PciDeviceInfo(
            address,
            numaNode(SysfsFile.read(device.resolve("numa_node"))),
            cpulist,
            cpulist.flatMap(CpuList::parse),
            LinkAttributeText.link(
                SysfsFile.read(device.resolve("current_link_speed")),
                SysfsFile.read(device.resolve("current_link_width"))),
            LinkAttributeText.link(
                SysfsFile.read(device.resolve("max_link_speed")),
                SysfsFile.read(device.resolve("max_link_width")))));
    }

    // The kernel writes -1 when the device has no NUMA affinity; treat that like a missing file.
    private static OptionalInt numaNode(Optional<String> text) {
        try {
            return text.map(Integer::parseInt)
                .filter(node -> node >= 0)
                .map(OptionalInt::of)
                .orElse(OptionalInt.empty());
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
