package dev.xfer.app.evidence;

import dev.xfer.app.format.OrUnknown;

/**
 * The system's Confidential Computing (CC) state as NVML read it: whether CC is on, its
 * environment and developer-tools mode, and whether the GPUs accept work. With CC on, host copies
 * go through an encrypted bounce buffer and some configurations cannot run at all
 * (worded in {@link ConfidentialComputing}); a run says so rather than report the bounce buffer's rate
 * as the link's.
 *
 * @param on          whether the CC feature is enabled
 * @param environment {@code production}, {@code simulated}, {@code unavailable} (no CC system), {@code other}
 * @param devTools    whether CC's developer-tools mode is on
 * @param gpusReady   whether the GPUs accept work, or why that could not be read
 */
public record ConfidentialComputingState(boolean on, String environment, boolean devTools, Reading<Boolean> gpusReady) {
    /** The NVML calls the state is read by, as evidence names where it was read. */
    public static final String CALLS = "nvmlSystemGetConfComputeState, nvmlSystemGetConfComputeGpusReadyState";

    /** CC off, as NVML reports a system without it. */
    public static ConfidentialComputingState off() {
        return new ConfidentialComputingState(false, "unavailable", false, Reading.of(true));
    }

    /** {@code Confidential Computing: off}, or {@code on (production, GPUs ready)}: the line devices and doctor print. */
    public String line() {
        if (!on) {
            return "Confidential Computing: off";
        }
        String ready = switch (gpusReady) {
            case Reading.Known<Boolean> k -> k.value() ? "GPUs ready" : "GPUs not ready (not accepting work)";
            case Reading.Unknown<Boolean> u -> "GPUs ready: unknown: " + u.why();
        };
        return "Confidential Computing: on (" + environment + (devTools ? ", developer tools mode" : "") + ", "
                + ready + "): host copies go through an encrypted bounce buffer";
    }

    /** As a document's {@code context.evidence.confidentialComputing} carries it. */
    public Document document() {
        return new Document(on ? "on" : "off", environment, devTools, gpusReady.document(v -> v));
    }

    /**
     * @param state       {@code on} or {@code off}
     * @param environment as NVML names it
     * @param gpusReady   true, false, or {@code unknown: <why>}
     */
    public record Document(String state, String environment, boolean devTools, OrUnknown<Boolean> gpusReady) {
    }

    /** The line for a reading: the state's, or {@code Confidential Computing: unknown: <why>}. */
    public static String line(Reading<ConfidentialComputingState> reading) {
        return switch (reading) {
            case Reading.Known<ConfidentialComputingState> k -> k.value().line();
            case Reading.Unknown<ConfidentialComputingState> u -> "Confidential Computing: unknown: " + u.why();
        };
    }
}
