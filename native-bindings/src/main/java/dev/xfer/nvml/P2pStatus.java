package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

/** NVML's answer about one capability between two GPUs ({@code nvmlGpuP2PStatus_t}). */
public enum P2pStatus {
    OK(nvml.NVML_P2P_STATUS_OK()),
    CHIPSET_NOT_SUPPORTED(nvml.NVML_P2P_STATUS_CHIPSET_NOT_SUPPORTED()),
    GPU_NOT_SUPPORTED(nvml.NVML_P2P_STATUS_GPU_NOT_SUPPORTED()),
    IOH_TOPOLOGY_NOT_SUPPORTED(nvml.NVML_P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED()),
    DISABLED_BY_REGKEY(nvml.NVML_P2P_STATUS_DISABLED_BY_REGKEY()),
    NOT_SUPPORTED(nvml.NVML_P2P_STATUS_NOT_SUPPORTED()),
    UNKNOWN(nvml.NVML_P2P_STATUS_UNKNOWN());

    private final int code;

    P2pStatus(int code) {
        this.code = code;
    }

    /** The status for {@code code}; a code newer than the header reads {@link #UNKNOWN}. */
    static P2pStatus of(int code) {
        for (P2pStatus status : values()) {
            if (status.code == code) {
                return status;
            }
        }
        return UNKNOWN;
    }
}
