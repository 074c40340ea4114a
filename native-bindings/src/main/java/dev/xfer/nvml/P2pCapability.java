package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

/** What {@link NvmlDevice#p2pStatus} asks about a pair of GPUs ({@code nvmlGpuP2PCapsIndex_t}). */
public enum P2pCapability {
    READ(nvml.NVML_P2P_CAPS_INDEX_READ()),
    WRITE(nvml.NVML_P2P_CAPS_INDEX_WRITE()),
    NVLINK(nvml.NVML_P2P_CAPS_INDEX_NVLINK()),
    ATOMICS(nvml.NVML_P2P_CAPS_INDEX_ATOMICS()),
    PCI(nvml.NVML_P2P_CAPS_INDEX_PCI());

    private final int code;

    P2pCapability(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }
}
