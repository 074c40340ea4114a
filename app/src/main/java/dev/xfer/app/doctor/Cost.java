package dev.xfer.app.doctor;

import java.util.Objects;

/**
 * The bandwidth a finding costs.
 *
 * @param gigabytesPerSecond 1e9 bytes/s lost, per direction; not negative
 * @param basis              how it was found: {@code measured} (two rates of this run),
 *                           {@code theoretical} (link rates) or {@code estimated} (a model, said in the finding)
 */
public record Cost(double gigabytesPerSecond, String basis) {
    public static final String MEASURED = "measured";
    public static final String THEORETICAL = "theoretical";
    public static final String ESTIMATED = "estimated";

    public Cost {
        Objects.requireNonNull(basis, "basis");
        if (!Double.isFinite(gigabytesPerSecond) || gigabytesPerSecond < 0) {
            throw new IllegalArgumentException("a cost is a finite rate of 0 or more, not " + gigabytesPerSecond);
        }
    }
}
