package dev.xfer.app.evidence;

/**
 * A stretch the recorder spent reading the link while xfer moved nothing on it, on purpose: right
 * after the GPU was opened, before the first configuration, and after the last one. Every byte the
 * counters show in it is foreign. It lies outside every phase and so outside every timed window.
 *
 * @param during     said in the detail after "while xfer was idle": {@code before the first configuration}
 * @param startNanos the monotonic clock of its first link sample
 * @param endNanos   the monotonic clock of its last link sample
 */
public record IdleWindow(String during, long startNanos, long endNanos) {
    public static final String BEFORE = "before the first configuration";
    public static final String AFTER = "after the last configuration";

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }
}
