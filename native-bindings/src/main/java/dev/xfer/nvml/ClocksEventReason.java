package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

/**
 * Why a GPU's clocks are below their maximum: the bits of NVML's clocks event reasons (called
 * throttle reasons before CUDA 13). Idle is the GPU resting, not something holding it back.
 */
public enum ClocksEventReason {
    GPU_IDLE("gpu-idle", nvml.nvmlClocksEventReasonGpuIdle()),
    APPLICATIONS_CLOCKS_SETTING("applications-clocks-setting", nvml.nvmlClocksEventReasonApplicationsClocksSetting()),
    SW_POWER_CAP("sw-power-cap", nvml.nvmlClocksEventReasonSwPowerCap()),
    // CUDA 13's nvml.h names the three hardware slowdowns only under their older Throttle names.
    HW_SLOWDOWN("hw-slowdown", nvml.nvmlClocksThrottleReasonHwSlowdown()),
    SYNC_BOOST("sync-boost", nvml.nvmlClocksEventReasonSyncBoost()),
    SW_THERMAL_SLOWDOWN("sw-thermal-slowdown", nvml.nvmlClocksEventReasonSwThermalSlowdown()),
    HW_THERMAL_SLOWDOWN("hw-thermal-slowdown", nvml.nvmlClocksThrottleReasonHwThermalSlowdown()),
    HW_POWER_BRAKE_SLOWDOWN("hw-power-brake-slowdown", nvml.nvmlClocksThrottleReasonHwPowerBrakeSlowdown()),
    DISPLAY_CLOCK_SETTING("display-clock-setting", nvml.nvmlClocksEventReasonDisplayClockSetting());

    private final String label;
    private final long bit;

    ClocksEventReason(String label, long bit) {
        this.label = label;
        this.bit = bit;
    }

    /** The name documents and text use, e.g. {@code sw-power-cap}. */
    public String label() {
        return label;
    }

    /** Its bit in NVML's mask. */
    public long bit() {
        return bit;
    }
}
