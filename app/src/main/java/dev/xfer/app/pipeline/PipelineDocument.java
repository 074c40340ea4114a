package dev.xfer.app.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/** pipeline's parts of its document, as records: the plan and its one row. */
public final class PipelineDocument {
    private PipelineDocument() {
    }

    /** The records pipeline's documents bind back into: its plan, its row, and a run that gave no figure. */
    public static DocumentParts parts() {
        return DocumentParts.of(Plan.class, PipelineRow.class).withFailures(f -> UnmeasuredRow.class);
    }

    /**
     * The document of one GPU's pipeline run: its row, or, when a timer gave no time, no row and
     * a {@code failures} entry with why, so no gate passes it.
     */
    public static GpuDocument of(RunContext context, PipelinePlan plan, PipelineOutcome outcome) {
        return switch (outcome) {
            case PipelineResult result -> GpuDocument.of("pipeline", context, Plan.of(plan),
                    List.of(PipelineRow.of(result)), List.of());
            case PipelineOutcome.Unmeasured u -> GpuDocument.of("pipeline", context, Plan.of(plan), List.of(),
                    List.of(new UnmeasuredRow(PipelineText.configuration(plan), u.reason())));
        };
    }

    /** {@code parameters}: the plan; {@code "start": "gated"} only for a gated run, as overlap's. */
    public record Plan(int batches, long batchBytes, int buffers, int kernelIterations, int iterations, int warmup,
                       Optional<String> start) implements Parameters {
        public static Plan of(PipelinePlan p) {
            return new Plan(p.batches(), p.batchBytes(), p.buffers(), p.kernelIterations(), p.iterations(), p.warmup(),
                    p.gated() ? Optional.of(p.start().label()) : Optional.empty());
        }

        /** What the run's row ran with: its batches are the identity's count, each batch's bytes its bytes. */
        @Override
        public void identity(IdentityFields into) {
            into.count(IdentityField.COUNT, "batches", batches).count(IdentityField.BYTES, "batchBytes", batchBytes)
                    .count(IdentityField.BUFFERS, "buffers", buffers)
                    .count(IdentityField.KERNEL_ITERATIONS, "kernelIterations", kernelIterations)
                    .word(IdentityField.START, "start", start);
        }
    }

    /**
     * The run's one row: the total time (a {@link Summary}), per batch, the
     * share of copy time hidden, the model, the error ({@code null} when NaN), and the recorded
     * iteration ({@code null} when none was recorded). {@code perBatchMs} and {@code hiddenCopyFraction},
     * always written, may be absent in older documents (the schema leaves them out).
     */
    public record PipelineRow(Summary milliseconds, OptionalDouble perBatchMs, OptionalDouble hiddenCopyFraction,
                              Model model, @JsonInclude(ALWAYS) OptionalDouble maxError, boolean withinTolerance,
                              @JsonInclude(ALWAYS) Optional<Timeline> timeline) implements Row {
        static PipelineRow of(PipelineResult r) {
            PipelineModel m = r.model();
            return new PipelineRow(r.milliseconds(), OptionalDouble.of(r.perBatchMs()),
                    OptionalDouble.of(r.hiddenCopyFraction()),
                    new Model(m.h2dMs(), m.kernelMs(), m.d2hMs(), m.sequentialMs(), m.idealMs()),
                    Double.isNaN(r.maxError()) ? OptionalDouble.empty() : OptionalDouble.of(r.maxError()),
                    r.withinTolerance(), r.timeline().map(Timeline::of));
        }

        /** The total time; the plan says the rest of its identity, and the model is no figure of its own. */
        @Override
        public List<Result> results(RowScope scope) {
            return scope.figures().withinTolerance(withinTolerance).figure(MILLISECONDS, milliseconds).results();
        }

        /**
         * What a run of {@code batches} batches hands on while it measures: the time, its check in
         * the run's words ({@code 64 batches, max error 1.500000e-07}, {@code max error NaN above
         * 1e-03}), then what {@code --expect} selects beside it, derived from it: the time per
         * batch, the share of copy time hidden and the max error.
         */
        RowFigures handedOn(RowScope scope, int batches) {
            double error = maxError.orElse(Double.NaN);
            return scope.figures().figure(MILLISECONDS, milliseconds).checked(withinTolerance
                    ? CheckOutcome.passed(String.format(Locale.ROOT, "%d batches, max error %e", batches, error))
                    : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", error,
                    PipelineResult.TOLERANCE)))
                    .derived("perBatchMs", perBatchMs).derived("hiddenCopyFraction", hiddenCopyFraction)
                    .derived("maxError", error);
        }

        /**
         * A run whose timer gave no time, as its row would have been: its time unmeasured with why,
         * which fails it, and every figure derived from it underived for the same reason. The
         * document has a {@code failures} entry for it; a run hands this on.
         */
        static RowFigures unmeasured(RowScope scope, String why) {
            RowFigures figures = scope.figures().unmeasured(MILLISECONDS, why);
            PipelinePlan.MEASURED.subList(1, PipelinePlan.MEASURED.size()).forEach(key -> figures.underived(key, why));
            return figures;
        }

        private static final String MILLISECONDS = "milliseconds";

        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(true).withinTolerance(withinTolerance, maxError).row();
        }
    }

    /** Each stage of one batch alone, and the times they would take in sequence and ideally overlapped. */
    public record Model(double h2dMs, double kernelMs, double d2hMs, double sequentialMs, double idealMs) {
    }

    /** The recorded iteration: its operations as overlap's timelines write them. */
    public record Timeline(String schedule, int streams, double endUs, List<TimedOp> ops) {
        public Timeline {
            ops = List.copyOf(ops);
        }

        static Timeline of(ScheduleTimeline t) {
            return new Timeline(t.schedule(), t.streams(), t.endUs(), t.ops());
        }
    }
}
