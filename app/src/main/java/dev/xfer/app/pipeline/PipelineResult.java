package dev.xfer.app.pipeline;

import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;

/**
 * A pipeline run's outcome.
 *
 * @param milliseconds host-clock times of all batches, first call to last result back
 * @param maxError     max |out - (in + 1)| over every element of every batch; NaN if any was NaN
 * @param timeline     one more, untimed run of all batches with events around every operation
 *                     (stream = buffer lane, chunk = batch); empty when not recorded
 */
public record PipelineResult(Summary milliseconds, PipelineModel model, double maxError,
                             Optional<ScheduleTimeline> timeline) implements PipelineOutcome {
    public PipelineResult {
        Objects.requireNonNull(timeline, "timeline");
    }

    /** A result without a recorded iteration. */
    public PipelineResult(Summary milliseconds, PipelineModel model, double maxError) {
        this(milliseconds, model, maxError, Optional.empty());
    }

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
