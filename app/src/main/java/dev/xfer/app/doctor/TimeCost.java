package dev.xfer.app.doctor;

import java.util.Objects;

/**
 * The time a finding costs, where it costs time rather than bandwidth: persistence mode off makes
 * every process wait for the GPU's initialisation at its first CUDA call. It does not rank findings
 * ({@link FindingOrder} ranks by bandwidth): seconds once and GB/s throughout do not compare.
 *
 * @param seconds wall time; not negative
 * @param basis   as {@link Cost#basis()}: {@code measured} (timed in this run), {@code estimated}
 * @param when    when it is paid: {@code at each process's first CUDA call}
 */
public record TimeCost(double seconds, String basis, String when) {
    public TimeCost {
        Objects.requireNonNull(basis, "basis");
        Objects.requireNonNull(when, "when");
        if (!Double.isFinite(seconds) || seconds < 0) {
            throw new IllegalArgumentException("a time cost is finite and not negative, not " + seconds);
        }
    }
}
