package dev.xfer.app.fleet;

/**
 * When a GPU is an outlier among GPUs of its model, for one result.
 *
 * <p>With three or more GPUs: its modified z-score (Iglewicz and Hoaglin),
 * {@code (x - median) / (1.4826 * MAD)}, oriented so that worse is negative, is below
 * {@code -3.5}, AND it is worse than the median by more than {@code margin} (10% by default).
 * The z-score alone would flag a 0.3% difference among very steady GPUs; the margin alone would
 * miss nothing but would flag a noisy result's ordinary spread. When the MAD is 0 (most GPUs
 * identical) the z-score of any worse value is minus infinity, and only the margin decides.
 *
 * <p>With two GPUs, the median is their mean and the z-score cannot single one out (it is
 * always 0.67 in size): the slower is flagged when it is worse than the better one by more than
 * the margin. A GPU alone in its model group is never flagged: there is nothing to compare with.
 *
 * <p>Times (better lower) are compared as the rates they stand for: a time 25% above the median
 * is 20% worse ({@code median / value - 1}), so a margin means the same for a bandwidth and for
 * the time of the same copy.
 *
 * @param margin    a fraction, 0.10 for 10%
 * @param zLimit    3.5, the limit Iglewicz and Hoaglin recommend
 */
public record FleetRule(double margin, double zLimit) {
    /** MAD to standard deviation, for normally distributed values. */
    public static final double MAD_SCALE = 1.4826;

    public FleetRule {
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("the margin must be at least 0% and below 100%, not " + margin * 100 + "%");
        }
    }

    public static FleetRule standard() {
        return new FleetRule(0.10, 3.5);
    }
}
