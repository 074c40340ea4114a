package dev.xfer.app.topo;

import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.sysfs.LinkHealth;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.host.CpuSet;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One GPU in the topology inventory.
 *
 * @param index       CUDA's device index; empty when the GPU was found in sysfs because CUDA was not usable
 * @param name        CUDA's device name; empty likewise
 * @param busId       the PCI bus id in sysfs form, lower-case with a four-digit domain ({@code 0000:17:00.0})
 * @param numaNode    the NUMA node the GPU is attached to; empty when unknown
 * @param cpuAffinity the CPUs close to the GPU, from its {@code local_cpulist}, in the kernel's
 *                    cpulist form ({@code 0-23,48-71}); empty when the file is missing, empty or malformed
 * @param currentLink the PCIe link as trained now (GPUs lower the speed while idle)
 * @param maxLink     the most the GPU itself supports
 */
public record TopoGpu(
        OptionalInt index,
        Optional<String> name,
        String busId,
        OptionalInt numaNode,
        Optional<String> cpuAffinity,
        Optional<PcieLink> currentLink,
        Optional<PcieLink> maxLink) {

    public TopoGpu {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(busId, "busId");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(cpuAffinity, "cpuAffinity");
        Objects.requireNonNull(currentLink, "currentLink");
        Objects.requireNonNull(maxLink, "maxLink");
    }

    /** A GPU as CUDA and sysfs together describe it ({@code xfer devices}' record). */
    public static TopoGpu fromDevice(DeviceInfo device) {
        return new TopoGpu(OptionalInt.of(device.index()), Optional.of(device.name()), sysfsForm(device.pciBusId()),
                device.numaNode(), device.pci().flatMap(TopoGpu::cpuAffinity), device.currentLink(),
                device.maxLink());
    }

    /** A GPU sysfs lists, with neither CUDA index nor name. */
    public static TopoGpu fromSysfs(PciDeviceInfo pci) {
        return new TopoGpu(OptionalInt.empty(), Optional.empty(), pci.address().sysfsName(), pci.numaNode(),
                cpuAffinity(pci), pci.currentLink(), pci.maxLink());
    }

    // The parsed list, not the file's text: a malformed file ("7-2") is unknown, not a value to print.
    private static Optional<String> cpuAffinity(PciDeviceInfo pci) {
        return pci.localCpus().filter(cpus -> !cpus.isEmpty()).map(CpuSet::format);
    }

    // CUDA may print upper-case hex ("0000:C1:00.0") and NVML an eight-digit domain; sysfs names are one form.
    private static String sysfsForm(String busId) {
        return PciAddress.parse(busId).map(PciAddress::sysfsName).orElse(busId);
    }

    /** The link's current state against its maximum. */
    public LinkHealth linkHealth() {
        return new LinkHealth(currentLink, maxLink);
    }

    /**
     * The link a transfer runs over, by the same rule as {@link DeviceInfo#transferLink()}: the
     * generation of the maximum (an idle GPU's link runs slower and speeds up under load), the
     * width of the current state (lanes lost to a bad slot or riser stay lost).
     */
    public Optional<PcieLink> transferLink() {
        if (currentLink.isPresent() && maxLink.isPresent()) {
            return Optional.of(new PcieLink(maxLink.get().generation(), currentLink.get().width()));
        }
        return currentLink.or(() -> maxLink);
    }

    /** The transfer link's theoretical per-direction rate in GB/s; empty when the link is unknown. */
    public OptionalDouble theoreticalGBps() {
        return transferLink().map(link -> OptionalDouble.of(link.theoreticalGBps())).orElse(OptionalDouble.empty());
    }
}
