package dev.xfer.app.format;

import dev.xfer.app.stats.Summary;

import java.util.Map;

/**
 * A {@link Summary} as every document writes it: {@code median}, {@code min}, {@code max},
 * {@code mean}, {@code stddev} and {@code n}, in that order. One writer, so the rates of
 * bandwidth and the times of overlap, batch and pipeline read alike, and a reader such as
 * {@code fleet} finds the same fields in each.
 */
public final class SummaryJson {
    private SummaryJson() {
    }

    /**
     * @throws IllegalArgumentException when the median, min, max or mean is not a finite number:
     *         JSON would hold it as {@code null}, which no reader may judge. {@link Summary#of}
     *         refuses non-finite samples, so a measurement never reaches here as NaN; a run whose
     *         samples cannot be summarized fails before it is written.
     */
    public static Map<String, Object> of(Summary s) {
        for (double figure : new double[] {s.median(), s.min(), s.max(), s.mean()}) {
            if (!Double.isFinite(figure)) {
                throw new IllegalArgumentException("a summary to write holds " + figure + ": " + s);
            }
        }
        return Json.object("median", s.median(), "min", s.min(), "max", s.max(), "mean", s.mean(),
                "stddev", s.stddev(), "n", s.n());
    }
}
