package dev.xfer.app.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * How long doctor's first CUDA calls took, wall time: what a GPU without persistence mode makes
 * every process pay before its first copy, since the driver tears the GPU down when the last
 * process using it ends.
 *
 * @param driverSeconds  the process's first CUDA call that reaches the driver ({@code cudaGetDeviceCount}):
 *                       it initialises the driver and with it the GPUs no process holds; the same for
 *                       every GPU of one run
 * @param contextSeconds this GPU's first call ({@code cudaSetDevice}, then {@code cudaDeviceSynchronize}),
 *                       which creates its primary context; empty under {@code --no-probe}, where doctor
 *                       creates no context
 */
public record FirstCalls(double driverSeconds, OptionalDouble contextSeconds) {
    /** Where the driver's figure was measured. */
    static final String DRIVER_CALL = "wall time of cudaGetDeviceCount, doctor's first CUDA call, which"
            + " initialises the driver";

    public FirstCalls {
        if (!Double.isFinite(driverSeconds) || driverSeconds < 0) {
            throw new IllegalArgumentException("a call's time is finite and not negative, not " + driverSeconds);
        }
        if (contextSeconds.isPresent() && (!Double.isFinite(contextSeconds.getAsDouble())
                || contextSeconds.getAsDouble() < 0)) {
            throw new IllegalArgumentException("a call's time is finite and not negative, not " + contextSeconds);
        }
    }

    /** The driver's initialisation and this GPU's context together: what a process waits before its first copy. */
    public double totalSeconds() {
        return driverSeconds + contextSeconds.orElse(0);
    }

    /** {@code the first CUDA call took 1.93 s (driver 1.71 s, GPU0's context 0.22 s)}. */
    String described(int gpu) {
        if (contextSeconds.isEmpty()) {
            return "the first CUDA call took " + seconds(driverSeconds) + " (the driver's initialisation; GPU" + gpu
                    + "'s context not created: --no-probe)";
        }
        return "the first CUDA calls took " + seconds(totalSeconds()) + " (the driver's initialisation "
                + seconds(driverSeconds) + ", GPU" + gpu + "'s context " + seconds(contextSeconds.getAsDouble()) + ")";
    }

    List<Evidence> evidence(int gpu) {
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(new Evidence("driver initialisation", seconds(driverSeconds), DRIVER_CALL));
        contextSeconds.ifPresent(s -> evidence.add(new Evidence("GPU" + gpu + "'s context creation", seconds(s),
                "wall time of cudaSetDevice(" + gpu + ") and cudaDeviceSynchronize(), doctor's first call on GPU"
                        + gpu + ", which creates its primary context")));
        return evidence;
    }

    static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.2f s", seconds);
    }
}
