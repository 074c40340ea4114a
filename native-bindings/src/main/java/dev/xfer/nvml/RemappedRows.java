package dev.xfer.nvml;

/**
 * Memory rows the GPU remapped after errors (Ampere and later).
 *
 * @param corrected       rows remapped for correctable errors
 * @param uncorrected     rows remapped for uncorrectable errors
 * @param pending         a remap waits for the next GPU reset
 * @param failureOccurred a remap failed
 */
public record RemappedRows(int corrected, int uncorrected, boolean pending, boolean failureOccurred) {
}
