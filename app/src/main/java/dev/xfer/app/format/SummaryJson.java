package dev.xfer.app.format;

import dev.xfer.app.stats.Summary;

/**
 * The written form of a {@link Summary} for the commands that still build their documents as maps
 * (overlap, latency, batch, pipeline): {@link WrittenSummary}, which a map holds and writes as the
 * same object. Gone once those commands write records of their own.
 */
public final class SummaryJson {
    private SummaryJson() {
    }

    /**
     * @throws IllegalArgumentException when the median, min, max or mean is not a finite number
     *         ({@link WrittenSummary})
     */
    public static WrittenSummary of(Summary s) {
        return WrittenSummary.of(s);
    }
}
