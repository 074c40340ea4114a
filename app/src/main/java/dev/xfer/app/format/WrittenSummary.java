package dev.xfer.app.format;

import dev.xfer.app.stats.Summary;

/**
 * A {@link Summary} as every document writes it: {@code median}, {@code min}, {@code max},
 * {@code mean}, {@code stddev} and {@code n}, in that order (the summary's own record starts with
 * {@code n}). One shape, so the rates of bandwidth and the times of overlap, batch and pipeline read
 * alike, and a reader such as {@code fleet} finds the same fields in each.
 *
 * <p>The median, min, max and mean are finite, or there is no such summary: JSON would hold a
 * non-finite one as {@code null}, which no reader may judge. {@link Summary#of} refuses non-finite
 * samples, so a measurement never reaches here as NaN; a run whose samples cannot be summarized
 * fails before it is written. {@code stddev} is infinite only past the double range (see
 * {@link Summary}) and is then written as {@code null}, as it always was.
 */
public record WrittenSummary(double median, double min, double max, double mean, @NullWhenInfinite double stddev, int n) {
    public WrittenSummary {
        for (double figure : new double[] {median, min, max, mean}) {
            if (!Double.isFinite(figure)) {
                throw new IllegalArgumentException("a summary to write holds " + figure + ": median " + median
                        + ", min " + min + ", max " + max + ", mean " + mean + ", n " + n);
            }
        }
    }

    /** @throws IllegalArgumentException when the median, min, max or mean is not a finite number */
    public static WrittenSummary of(Summary s) {
        return new WrittenSummary(s.median(), s.min(), s.max(), s.mean(), s.stddev(), s.n());
    }
}
