package dev.xfer.app.pipeline;

import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What a pipeline run gave: its {@link PipelineResult}, or, when a timer gave NaN or no time,
 * {@link Unmeasured}: a failed result with its reason, never a figure that could pass.
 */
public sealed interface PipelineOutcome permits PipelineResult, PipelineOutcome.Unmeasured {

    /**
     * The run's results under {@code plan}'s names ({@link PipelinePlan#names}), as its row derives
     * them ({@link PipelineDocument.PipelineRow#handedOn}): the time stands for the run and carries
     * the check of its data; per batch, hidden share and error are figures of it.
     */
    default RunResults runResults(PipelinePlan plan) {
        RowScope scope = RowScope.of("results", "pipeline", PipelineDocument.Plan.of(plan));
        RowFigures row = switch (this) {
            case PipelineResult r -> PipelineDocument.PipelineRow.of(r).handedOn(scope, plan.batches());
            case Unmeasured u -> PipelineDocument.PipelineRow.unmeasured(scope, u.reason());
        };
        return RunResults.of("pipeline", RunResult.of(row, plan.names(), OptionalDouble.empty()));
    }

    /** @param reason which timing gave no figure, and why ({@code the batches: sample 3 of 20 was NaN ms: ...}) */
    record Unmeasured(String reason) implements PipelineOutcome {
        public Unmeasured {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
