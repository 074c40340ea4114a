package dev.xfer.app.pipeline;

import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

    /** The time stands for the run and carries the check of its data; per batch, hidden share and error are figures of it. */
    @Override
    public RunResults runResults(PipelinePlan plan) {
        CheckOutcome check = withinTolerance()
                ? CheckOutcome.passed(String.format(Locale.ROOT, "%d batches, max error %e", plan.batches(), maxError))
                : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", maxError, TOLERANCE));
        Identity time = plan.identity("milliseconds");
        List<RunResult> out = new ArrayList<>();
        out.add(RunResult.configuration(PipelinePlan.name(time), RunResult.measured(time, milliseconds, check),
                plan.configurationName()));
        Map<String, Double> figures = Map.of("perBatchMs", perBatchMs(), "hiddenCopyFraction",
                hiddenCopyFraction(), "maxError", maxError);
        for (String measured : PipelinePlan.MEASURED.subList(1, PipelinePlan.MEASURED.size())) {
            Identity id = plan.identity(measured);
            out.add(RunResult.figure(PipelinePlan.name(id), RunResult.single(id, figures.get(measured),
                    CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("pipeline", out);
    }
}
