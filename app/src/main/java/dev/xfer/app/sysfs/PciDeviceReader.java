package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Reads a PCI function's NUMA placement and PCIe link from {@code <sysfs>/bus/pci/devices/<address>/}.
 *
 * <p>Only the function's own attribute files are read; the link of bridges above it is not
 * followed (see {@link PciDeviceInfo}).
 */
public final class PciDeviceReader {
    /** NVIDIA's PCI vendor id, as sysfs writes it. */
    static final String NVIDIA_VENDOR = "0x10de";
    // PCI base class 0x03 (display controller), subclasses 0x00 (VGA compatible: GeForce, RTX) and
    // 0x02 (3D controller: data-centre GPUs without a display output); the last byte is the
    // programming interface. NVIDIA's HDMI audio (0x0403), NVSwitch (0x0680) and bridges are left out.
    private static final int VGA_CONTROLLER = 0x0300;
    private static final int THREE_D_CONTROLLER = 0x0302;
    private static final Pattern VENDOR = Pattern.compile("0x\\p{XDigit}{4}");
    private static final Pattern CLASS = Pattern.compile("0x\\p{XDigit}{6}");
    private static final Comparator<PciAddress> ADDRESS_ORDER = Comparator.comparingInt(PciAddress::domain)
        .thenComparingInt(PciAddress::bus).thenComparingInt(PciAddress::device).thenComparingInt(PciAddress::function);

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
            cpulist.flatMap(CpuSet::parse),
            LinkAttributeText.link(
                SysfsFile.read(device.resolve("current_link_speed")),
                SysfsFile.read(device.resolve("current_link_width"))),
            LinkAttributeText.link(
                SysfsFile.read(device.resolve("max_link_speed")),
                SysfsFile.read(device.resolve("max_link_width")))));
    }

    /**
     * Every NVIDIA GPU sysfs lists, without asking CUDA: the functions under
     * {@code <sysfs>/bus/pci/devices} whose {@code vendor} is {@value #NVIDIA_VENDOR} and whose
     * {@code class} is a VGA ({@code 0x0300xx}) or 3D ({@code 0x0302xx}) controller, in PCI address
     * order. Empty when there are none or the folder cannot be read. Unlike CUDA this sees GPUs that
     * {@code CUDA_VISIBLE_DEVICES} hides, and knows neither CUDA's indices nor the GPUs' names.
     */
    public List<PciDeviceInfo> readNvidiaGpus() {
        List<PciAddress> gpus = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sysfsRoot.resolve("bus/pci/devices"))) {
            for (Path entry : entries) {
                Optional<PciAddress> address = PciAddress.parse(entry.getFileName().toString());
                if (address.isPresent() && isNvidiaGpu(
                        SysfsFile.read(entry.resolve("vendor")), SysfsFile.read(entry.resolve("class")))) {
                    gpus.add(address.get());
                }
            }
        } catch (IOException | DirectoryIteratorException | SecurityException e) {
            // No readable PCI folder (some containers): sysfs tells us of no GPU.
            return List.of();
        }
        gpus.sort(ADDRESS_ORDER);
        List<PciDeviceInfo> devices = new ArrayList<>(gpus.size());
        for (PciAddress address : gpus) {
            read(address).ifPresent(devices::add);
        }
        return devices;
    }

    /** Whether a function's {@code vendor} and {@code class} attributes, as read, name an NVIDIA GPU. */
    static boolean isNvidiaGpu(Optional<String> vendor, Optional<String> pciClass) {
        if (vendor.isEmpty() || pciClass.isEmpty()
                || !VENDOR.matcher(vendor.get()).matches() || !CLASS.matcher(pciClass.get()).matches()
                || !vendor.get().equalsIgnoreCase(NVIDIA_VENDOR)) {
            return false;
        }
        int baseAndSubclass = Integer.parseInt(pciClass.get().substring(2), 16) >> 8;
        return baseAndSubclass == VGA_CONTROLLER || baseAndSubclass == THREE_D_CONTROLLER;
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
