package dev.xfer.app.pipeline;

import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a pipeline run gave: its {@link PipelineResult}, or, when a timer gave NaN or no time,
 * {@link Unmeasured}: a failed result with its reason, never a figure that could pass.
 */
public sealed interface PipelineOutcome permits PipelineResult, PipelineOutcome.Unmeasured {

    /** The run's results under {@code plan}'s names ({@link PipelinePlan#name}). */
    RunResults runResults(PipelinePlan plan);

    /** @param reason which timing gave no figure, and why ({@code the batches: sample 3 of 20 was NaN ms: ...}) */
    record Unmeasured(String reason) implements PipelineOutcome {
        public Unmeasured {
            Objects.requireNonNull(reason, "reason");
        }

        /** One failed result with why, and no figure: every figure of the run is not measured. */
        @Override
        public RunResults runResults(PipelinePlan plan) {
            Identity time = plan.identity("milliseconds");
            List<RunResult> out = new ArrayList<>();
            out.add(RunResult.configuration(PipelinePlan.name(time), RunResult.notMeasured(time, reason,
                    CheckOutcome.failed(reason)), plan.configurationName()));
            for (String measured : PipelinePlan.MEASURED.subList(1, PipelinePlan.MEASURED.size())) {
                Identity id = plan.identity(measured);
                out.add(RunResult.figure(PipelinePlan.name(id), RunResult.notMeasured(id, reason,
                        CheckOutcome.NOT_CHECKED)));
            }
            return RunResults.of("pipeline", out);
        }
    }
}
