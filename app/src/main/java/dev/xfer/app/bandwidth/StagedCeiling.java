package dev.xfer.app.bandwidth;

import dev.xfer.app.stats.Summary;

import java.util.Objects;

/**
 * What bounds one staged result, measured in the same run at the same size with the same lanes
 * and slots: the host's own copies alone between the user's memory and the slots ({@code h2h},
 * no DMA), and the copy engine alone between the slots and the device ({@code pinned}, no host
 * copies). Overlapped perfectly, a staged copy runs at most at the slower of the two.
 *
 * @param h2hGbps    per-iteration rates of the host copies alone, 1e9 bytes/s
 * @param pinnedGbps per-iteration rates of the DMA from or to the pinned slots alone
 */
public record StagedCeiling(Summary h2hGbps, Summary pinnedGbps) {
    public StagedCeiling {
        Objects.requireNonNull(h2hGbps, "h2hGbps");
        Objects.requireNonNull(pinnedGbps, "pinnedGbps");
    }

    /** {@code h2h} or {@code pinned}: whichever median is lower, so bounds the staged copy. */
    public String bound() {
        return h2hGbps.median() < pinnedGbps.median() ? "h2h" : "pinned";
    }

    /** The lower median: the model's ceiling. */
    public double boundGbps() {
        return Math.min(h2hGbps.median(), pinnedGbps.median());
    }

    /** {@code stagedGbps} as a percentage of the ceiling. */
    public double percentOfBound(double stagedGbps) {
        return 100.0 * stagedGbps / boundGbps();
    }
}
