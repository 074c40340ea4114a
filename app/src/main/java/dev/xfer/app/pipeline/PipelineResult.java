package dev.xfer.app.pipeline;

import dev.xfer.app.stats.Summary;

/**
 * A pipeline run's outcome.
 *
 * @param milliseconds host-clock times of all batches, first call to last result back
 * @param maxError     max |out - (in + 1)| over every element of every batch; NaN if any was NaN
 */
public record PipelineResult(Summary milliseconds, PipelineModel model, double maxError) {
    /** The kernel adds 1 within float rounding to values up to 1000. */
    public static final double TOLERANCE = 1e-3;

    public double perBatchMs() {
        return milliseconds.median() / model.batches();
    }

    public double hiddenCopyFraction() {
        return model.hiddenCopyFraction(milliseconds.median());
    }

    public boolean withinTolerance() {
        return !Double.isNaN(maxError) && maxError <= TOLERANCE;
    }
}
