package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What sysfs says about one PCI function, normally a GPU.
 *
 * <p>The link figures are those of this function's own link. On some systems (GPUs behind a PCIe
 * switch, or boards whose GPU sits behind an on-board bridge) the GPU's function reports a
 * different, often lower, link than the bridge upstream of it; the slowest hop limits transfers,
 * but this record reports only what the device's own files say.
 *
 * @param address          the function's PCI address
 * @param numaNode         the NUMA node the device is attached to; empty when the kernel reports
 *                         none ({@code -1}, common on single-socket machines and in VMs)
 * @param localCpulistText the {@code local_cpulist} file as written, for reports
 * @param localCpus        the CPUs close to the device, parsed from {@code local_cpulist}; empty
 *                         when the file is missing or malformed
 * @param currentLink      the link as trained now; GPUs lower the speed while idle to save power
 * @param maxLink          the most the device itself supports, not necessarily the slot
 */
public record PciDeviceInfo(
    PciAddress address,
    OptionalInt numaNode,
    Optional<String> localCpulistText,
    Optional<CpuSet> localCpus,
    Optional<PcieLink> currentLink,
    Optional<PcieLink> maxLink) {

    public PciDeviceInfo {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(localCpulistText, "localCpulistText");
        Objects.requireNonNull(localCpus, "localCpus");
        Objects.requireNonNull(currentLink, "currentLink");
        Objects.requireNonNull(maxLink, "maxLink");
    }
}
