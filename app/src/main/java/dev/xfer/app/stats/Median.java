package dev.xfer.app.stats;

import java.util.Arrays;

/**
 * The median, the median absolute deviation (MAD) and the modified z-score built on them: the one
 * place xfer computes them, for a run's samples ({@link Summary}) and for the runs fleet and compare
 * judge alike.
 *
 * <p>An even count's median is the mean of the two middle values, computed as their correctly
 * rounded midpoint {@code (low + high) / 2}; only where that sum overflows (both near
 * ±{@link Double#MAX_VALUE}) is it {@code low + (high - low) / 2}, which cannot.
 */
public final class Median {
    /** MAD to standard deviation, for normally distributed values. */
    public static final double MAD_SCALE = 1.4826;

    private Median() {
    }

    /** The median of {@code values} (left alone: a sorted copy is taken); NaN for none. */
    public static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    /** The median of values already sorted ascending; NaN for none. */
    public static double ofSorted(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        if (n % 2 == 1) {
            return sorted[n / 2];
        }
        double low = sorted[n / 2 - 1];
        double high = sorted[n / 2];
        double sum = low + high;
        return Double.isInfinite(sum) && Double.isFinite(low) && Double.isFinite(high) ? low + (high - low) / 2 : sum / 2;
    }

    /** The median absolute deviation of {@code values} from {@code median} (their median, as a rule). */
    public static double absoluteDeviation(double[] values, double median) {
        double[] distances = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            distances[i] = Math.abs(values[i] - median);
        }
        return of(distances);
    }

    /**
     * The modified z-score (Iglewicz and Hoaglin) of {@code value}: {@code (value - median) / (1.4826 * mad)},
     * the distance from the median in standard deviations of normally distributed values.
     */
    public static double zScore(double value, double median, double mad) {
        return (value - median) / (MAD_SCALE * mad);
    }
}
