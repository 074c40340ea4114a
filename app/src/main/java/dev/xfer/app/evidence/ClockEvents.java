package dev.xfer.app.evidence;

import dev.xfer.nvml.ClocksEventReason;
import dev.xfer.nvml.ClocksEventReasons;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why the GPU's clocks are below their maximum: the bit mask of NVML's
 * {@code nvmlDeviceGetCurrentClocksEventReasons} (formerly "throttle reasons"), decoded by
 * {@link ClocksEventReasons} (the one table of NVML's reasons). Every reason but {@code gpu_idle}
 * counts as throttling: an idle GPU lowers its clocks by design, and between xfer's copies the
 * GPU is often idle.
 */
public record ClockEvents(long mask) {
    /** nvmlClocksEventReasonGpuIdle: nothing to run, clocks lowered on purpose. */
    public static final long GPU_IDLE = ClocksEventReason.GPU_IDLE.bit();

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

    /**
     * The evidence documents name a reason as NVML's C name does, in lower case with underscores
     * ({@code sw_power_cap}, where text says {@code sw-power-cap}), and each bit NVML does not
     * name on its own ({@code 0x400}), in bit order: the documents already written read so.
     */
    private static List<String> names(long bits) {
        ClocksEventReasons decoded = new ClocksEventReasons(bits);
        List<ClocksEventReason> named = decoded.reasons();
        List<String> out = new ArrayList<>();
        for (int bit = 0; bit < 64; bit++) {
            long b = 1L << bit;
            if ((bits & b) == 0) {
                continue;
            }
            named.stream().filter(r -> r.bit() == b).findFirst().ifPresentOrElse(
                    r -> out.add(r.label().replace('-', '_')),
                    () -> out.add(String.format(Locale.ROOT, "0x%x", b)));
        }
        return out;
    }
}
