package dev.xfer.app.fleet;

/**
 * When a GPU is an outlier among GPUs of its model, for one result.
 *
 * <p>The band: a GPU must be worse than the median by more than the larger of {@code margin}
 * (10% by default), the noise floor of the result's kind on that model (how far healthy runs of
 * one GPU land apart between processes, {@code NoiseFloors}; for figures that are the best of
 * several host allocations, the floor of best-of-k runs). A run's own allocation spread is no part
 * of it: it is a finding about the host ({@code UnstablePlacement}). In groups of {@link #Z_MIN_GROUP} or more it must also have
 * a modified z-score (Iglewicz and Hoaglin) {@code (x - median) / (1.4826 * MAD)} ({@link dev.xfer.app.stats.Median#zScore}), oriented so that
 * worse is negative, below {@code -3.5}, with the MAD at least {@link #MAD_FLOOR} of the median.
 * The z-score alone would flag a 0.3% difference among very steady GPUs; the band alone would flag
 * nothing a healthy run could not also show.
 *
 * <p>With two GPUs the slower is flagged when it is worse than the better one by more than the
 * band. A GPU alone in its model group is never flagged: there is nothing to compare with.
 *
 * <p>Times (better lower) are compared as the rates they stand for: a time 25% above the median
 * is 20% worse ({@code median / value - 1}), so a band means the same for a bandwidth and for
 * the time of the same copy.
 *
 * @param margin    a fraction, 0.10 for 10%
 * @param zLimit    3.5, the limit Iglewicz and Hoaglin recommend
 */
public record FleetRule(double margin, double zLimit) {
    /**
     * The smallest group whose z-scores take part. The MAD of n values estimates the spread with a
     * relative standard error of about 1.17 / sqrt(n) (its efficiency is 37%): 68% with 3 GPUs,
     * 37% with 10. Below 10 a z of -3.5 could as well be -2.2, so smaller groups are judged by the
     * band (margin and noise floor) alone.
     */
    public static final int Z_MIN_GROUP = 10;
    /**
     * The MAD never counts as less than 1% of the median: identical GPUs measure within a fraction
     * of a percent, and a MAD of 0.05% would make a 0.3% difference a z-score of -4.
     */
    public static final double MAD_FLOOR = 0.01;

    public FleetRule {
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("the margin must be at least 0% and below 100%, not " + margin * 100 + "%");
        }
    }

    public static FleetRule standard() {
        return new FleetRule(0.10, 3.5);
    }
}
