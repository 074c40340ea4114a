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

    public static Map<String, Object> of(Summary s) {
        return Json.object("median", s.median(), "min", s.min(), "max", s.max(), "mean", s.mean(),
                "stddev", s.stddev(), "n", s.n());
    }
}
