package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

import java.util.Optional;

/**
 * How far apart two GPUs are on the host's PCIe tree ({@code nvmlGpuTopologyLevel_t}), nearest
 * first, with the abbreviation {@code nvidia-smi topo -m} prints for it.
 */
public enum TopologyLevel {
    /** The same board (e.g. two GPUs of one card). */
    INTERNAL(nvml.NVML_TOPOLOGY_INTERNAL(), "X"),
    /** Behind one PCIe switch. */
    SINGLE(nvml.NVML_TOPOLOGY_SINGLE(), "PIX"),
    /** Behind several PCIe switches, not crossing a host bridge. */
    MULTIPLE(nvml.NVML_TOPOLOGY_MULTIPLE(), "PXB"),
    /** Through one CPU's host bridge. */
    HOSTBRIDGE(nvml.NVML_TOPOLOGY_HOSTBRIDGE(), "PHB"),
    /** Across host bridges within one NUMA node. */
    NODE(nvml.NVML_TOPOLOGY_NODE(), "NODE"),
    /** Across NUMA nodes (the SMP interconnect). */
    SYSTEM(nvml.NVML_TOPOLOGY_SYSTEM(), "SYS");

    private final int code;
    private final String smiName;

    TopologyLevel(int code, String smiName) {
        this.code = code;
        this.smiName = smiName;
    }

    public String smiName() {
        return smiName;
    }

    /** The level for {@code code}, or empty for a level newer than the header. */
    static Optional<TopologyLevel> of(int code) {
        for (TopologyLevel level : values()) {
            if (level.code == code) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
