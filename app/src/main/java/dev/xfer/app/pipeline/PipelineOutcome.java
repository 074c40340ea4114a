package dev.xfer.app.pipeline;

import java.util.Objects;

/**
 * What a pipeline run gave: its {@link PipelineResult}, or, when a timer gave NaN or no time,
 * {@link Unmeasured}: a failed result with its reason, never a figure that could pass.
 */
public sealed interface PipelineOutcome permits PipelineResult, PipelineOutcome.Unmeasured {

    /** @param reason which timing gave no figure, and why ({@code the batches: sample 3 of 20 was NaN ms: ...}) */
    record Unmeasured(String reason) implements PipelineOutcome {
        public Unmeasured {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
