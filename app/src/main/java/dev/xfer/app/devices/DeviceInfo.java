package dev.xfer.app.devices;

import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.host.CpuSet;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What xfer knows about one GPU: from the CUDA runtime, and from sysfs for its PCI function.
 *
 * @param asyncEngines             copy engines: 2 lets H2D and D2H overlap each other and kernels
 * @param concurrentCopyAndExecute whether a copy can run while a kernel runs
 * @param pci                      sysfs facts; empty when sysfs has no entry for the bus id (containers, VMs)
 * @param hostNumaFromCuda         the host NUMA node CUDA reports as closest, -1 if it reports none
 * @param uuid                     {@code GPU-...} as nvidia-smi prints it; empty when the runtime gave none
 */
public record DeviceInfo(
        int index,
        String name,
        int computeMajor,
        int computeMinor,
        long memoryTotalBytes,
        long memoryFreeBytes,
        int multiprocessors,
        int asyncEngines,
        boolean concurrentCopyAndExecute,
        String pciBusId,
        Optional<PciDeviceInfo> pci,
        int hostNumaFromCuda,
        Optional<String> uuid) {

    /** A device whose UUID is not known (fixtures, and readers of documents written before it was recorded). */
    public DeviceInfo(int index, String name, int computeMajor, int computeMinor, long memoryTotalBytes,
                      long memoryFreeBytes, int multiprocessors, int asyncEngines, boolean concurrentCopyAndExecute,
                      String pciBusId, Optional<PciDeviceInfo> pci, int hostNumaFromCuda) {
        this(index, name, computeMajor, computeMinor, memoryTotalBytes, memoryFreeBytes, multiprocessors, asyncEngines,
                concurrentCopyAndExecute, pciBusId, pci, hostNumaFromCuda, Optional.empty());
    }

    /** The same device with its UUID. */
    public DeviceInfo withUuid(String uuid) {
        return new DeviceInfo(index, name, computeMajor, computeMinor, memoryTotalBytes, memoryFreeBytes,
                multiprocessors, asyncEngines, concurrentCopyAndExecute, pciBusId, pci, hostNumaFromCuda,
                Optional.of(uuid));
    }

    public String computeCapability() {
        return computeMajor + "." + computeMinor;
    }

    /** The NUMA node from sysfs, else the one CUDA reports. */
    public OptionalInt numaNode() {
        OptionalInt fromSysfs = pci.map(PciDeviceInfo::numaNode).orElse(OptionalInt.empty());
        if (fromSysfs.isPresent()) {
            return fromSysfs;
        }
        return hostNumaFromCuda >= 0 ? OptionalInt.of(hostNumaFromCuda) : OptionalInt.empty();
    }

    public Optional<PcieLink> currentLink() {
        return pci.flatMap(PciDeviceInfo::currentLink);
    }

    public Optional<PcieLink> maxLink() {
        return pci.flatMap(PciDeviceInfo::maxLink);
    }

    /** The CPUs near the GPU in cpulist form, from the parsed list, so a malformed file reads as unknown. */
    public Optional<String> cpuAffinity() {
        return pci.flatMap(PciDeviceInfo::localCpus).filter(c -> !c.isEmpty()).map(CpuSet::format);
    }

    /** The bus id in sysfs form ({@code 0000:c1:00.0}), as topo and lspci write it; CUDA's text if it does not parse. */
    public String normalizedBusId() {
        return PciAddress.parse(pciBusId).map(PciAddress::sysfsName).orElse(pciBusId);
    }

    /**
     * The link a transfer runs over. GPUs drop the link speed while idle to save power, so a
     * reading taken at rest can say Gen1: the generation comes from the maximum, the width (what
     * a badly seated card or a bad slot loses) from the current state.
     */
    public Optional<PcieLink> transferLink() {
        Optional<PcieLink> current = currentLink();
        Optional<PcieLink> max = maxLink();
        if (current.isPresent() && max.isPresent()) {
            return Optional.of(new PcieLink(max.get().generation(), current.get().width()));
        }
        return current.or(() -> max);
    }
}
