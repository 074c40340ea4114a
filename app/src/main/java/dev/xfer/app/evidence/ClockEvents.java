package dev.xfer.app.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why the GPU's clocks are below their maximum: the bit mask of NVML's
 * {@code nvmlDeviceGetCurrentClocksEventReasons} (formerly "throttle reasons"). Every reason but
 * {@code gpu_idle} counts as throttling: an idle GPU lowers its clocks by design, and between
 * xfer's copies the GPU is often idle.
 */
public record ClockEvents(long mask) {
    /** nvmlClocksEventReasonGpuIdle: nothing to run, clocks lowered on purpose. */
    public static final long GPU_IDLE = 0x1L;

    private static final String[] NAMES = {
            "gpu_idle",                    // 0x1
            "applications_clocks_setting", // 0x2
            "sw_power_cap",                // 0x4
            "hw_slowdown",                 // 0x8
            "sync_boost",                  // 0x10
            "sw_thermal_slowdown",         // 0x20
            "hw_thermal_slowdown",         // 0x40
            "hw_power_brake_slowdown",     // 0x80
            "display_clock_setting",       // 0x100
    };

    /** The reasons other than idle; 0 when the clocks are not held back (or only idle). */
    public long throttling() {
        return mask & ~GPU_IDLE;
    }

    public boolean throttled() {
        return throttling() != 0;
    }

    /** Every reason set, by NVML's name; a bit NVML may add later is shown as its hex value. */
    public List<String> names() {
        return names(mask);
    }

    /** The throttling reasons (idle left out), by name. */
    public List<String> throttlingNames() {
        return names(throttling());
    }

    private static List<String> names(long bits) {
        List<String> out = new ArrayList<>();
        for (int bit = 0; bit < 64; bit++) {
            long b = 1L << bit;
            if ((bits & b) != 0) {
                out.add(bit < NAMES.length ? NAMES[bit] : String.format(Locale.ROOT, "0x%x", b));
            }
        }
        return out;
    }
}
