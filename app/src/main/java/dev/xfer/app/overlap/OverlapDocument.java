package dev.xfer.app.overlap;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.Extras;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * overlap's parts of its document, as records (what the schema leaves out for older documents is
 * an optional that is always written): the plan ({@code parameters}), one row per schedule
 * (and node), and what it adds after {@code failures}: the first pass's {@code model}, each pass's
 * ({@code models}) and the recorded {@code timelines}. {@code numaNode} is {@code null} when nothing
 * was placed; {@code hostMemoryNodes} gives sampled pages of the host array per node, {@code null}
 * when not sampled.
 */
public final class OverlapDocument {
    private OverlapDocument() {
    }

    /** The records overlap's documents bind back into: its plan, its rows, and its models and timelines. */
    public static DocumentParts parts() {
        return DocumentParts.of(Plan.class, ScheduleRow.class).withFailures(f -> UnmeasuredRow.class)
                .withExtras(f -> f.has("model") || f.has("models") ? Added.class : NoParameters.class);
    }

    /** The document of one GPU's overlap run. */
    public static GpuDocument of(OverlapResults report) {
        return GpuDocument.of("overlap", report.context(), Plan.of(report), rows(report),
                        UnmeasuredRow.rows(report.results(), OverlapResult::configuration, OverlapResult::notMeasured))
                .withExtras(Added.of(report));
    }

    /**
     * {@code parameters}, {@code --numa-node} last (as given; {@code null} when not). {@code start}
     * is there only for a gated run: a plain run's document is the one written before there was a
     * choice, and a reader takes an absent start as plain.
     */
    public record Plan(long elements, long bytes, int streams, int blockSize, int kernelIterations,
                       List<String> schedules, int iterations, int warmup, String memory, Optional<String> start,
                       @JsonInclude(ALWAYS) Optional<String> numaNode) implements Parameters {
        public static Plan of(OverlapResults report) {
            OverlapPlan plan = report.plan();
            return new Plan(plan.elements(), plan.bytes(), plan.streams(), plan.blockSize(), plan.kernelIterations(),
                    plan.schedules().stream().map(OverlapSchedule::label).toList(), plan.iterations(), plan.warmup(),
                    plan.memory().label(), startOf(plan), report.placement().option().label());
        }

        /** What every schedule's row ran with; the schedules and the node are each row's own. */
        @Override
        public void identity(IdentityFields into) {
            into.count(IdentityField.ELEMENTS, "elements", elements).count(IdentityField.BYTES, "bytes", bytes)
                    .count(IdentityField.STREAMS, "streams", streams)
                    .count(IdentityField.BLOCK_SIZE, "blockSize", blockSize)
                    .count(IdentityField.KERNEL_ITERATIONS, "kernelIterations", kernelIterations)
                    .word(IdentityField.MEMORY, "memory", memory).word(IdentityField.START, "start", start);
        }
    }

    /**
     * One schedule's row. A gated run's rows say {@code "start": "gated"} too, so the rows smoke
     * copies into its own document keep their identity without overlap's parameters.
     *
     * @param milliseconds a {@link Summary}
     */
    public record ScheduleRow(String schedule, Summary milliseconds, OptionalDouble gbps,
                              @JsonInclude(ALWAYS) OptionalDouble speedup, OptionalDouble efficiency,
                              @JsonInclude(ALWAYS) OptionalDouble maxError, boolean withinTolerance,
                              @JsonInclude(ALWAYS) OptionalInt numaNode,
                              @JsonInclude(ALWAYS) Optional<Map<String, Integer>> hostMemoryNodes,
                              Optional<String> start) implements Row {
        static ScheduleRow of(OverlapResult r, OverlapPlan plan) {
            return new ScheduleRow(r.schedule().label(), r.measured().orElseThrow(),
                    OptionalDouble.of(r.gigabytesPerSecond()), r.speedup(), OptionalDouble.of(r.efficiency()),
                    Double.isNaN(r.maxError()) ? OptionalDouble.empty() : OptionalDouble.of(r.maxError()),
                    r.withinTolerance(), r.numaNode(),
                    r.hostMemoryNodes().<Map<String, Integer>>map(HostMemoryNodes::toJson), startOf(plan));
        }

        /** The schedule's time; its rate, speedup and efficiency are derived from it, no figure of their own. */
        @Override
        public List<Result> results(RowScope scope) {
            return named(scope, schedule, numaNode, start).withinTolerance(withinTolerance)
                    .figure(MILLISECONDS, milliseconds).results();
        }

        /**
         * What a run hands on while it measures: the time, its check in the run's words
         * ({@code max error 1.192093e-07}, {@code max error NaN above 1e-06}), then what
         * {@code --expect} selects beside it, derived from it: speedup (where sequential ran),
         * efficiency and max error.
         */
        RowFigures handedOn(RowScope scope) {
            double error = maxError.orElse(Double.NaN);
            RowFigures figures = named(scope, schedule, numaNode, start).figure(MILLISECONDS, milliseconds)
                    .checked(withinTolerance ? CheckOutcome.passed(String.format(Locale.ROOT, "max error %e", error))
                            : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", error,
                            OverlapResult.TOLERANCE)));
            return derived(figures, speedup, efficiency.orElse(Double.NaN), error);
        }

        /**
         * A schedule whose timer gave no time, as its row would have been named: its time unmeasured
         * with why, which fails it, and what could be derived beside it. The document has a
         * {@code failures} entry for it; a run hands this on.
         */
        static RowFigures unmeasured(RowScope scope, OverlapResult r, OverlapPlan plan) {
            return derived(named(scope, r.schedule().label(), r.numaNode(), startOf(plan))
                    .unmeasured(MILLISECONDS, r.notMeasured().orElseThrow()), r.speedup(), r.efficiency(), r.maxError());
        }

        private static final String MILLISECONDS = "milliseconds";

        /** What names a schedule's row: the schedule, its node, and a gated start. */
        private static RowFigures named(RowScope scope, String schedule, OptionalInt numaNode, Optional<String> start) {
            return scope.figures().word(IdentityField.SCHEDULE, "schedule", schedule)
                    .count(IdentityField.NUMA_NODE, "numaNode", numaNode).word(IdentityField.START, "start", start);
        }

        /** The figures derived from a schedule's time, after it. */
        private static RowFigures derived(RowFigures figures, OptionalDouble speedup, double efficiency,
                                          double maxError) {
            return figures.derived("speedup", speedup).derived("efficiency", efficiency)
                    .derived("maxError", maxError);
        }

        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(true).named(schedule).withinTolerance(withinTolerance, maxError)
                    .placed(numaNode, hostMemoryNodes).row();
        }
    }

    /**
     * One row per schedule (and node), as overlap's document and smoke's hold them; a schedule
     * whose timer gave no time has none (it is a {@code failures} entry).
     */
    public static List<ScheduleRow> rows(OverlapResults report) {
        return report.results().stream().filter(r -> r.measured().isPresent())
                .map(r -> ScheduleRow.of(r, report.plan())).toList();
    }

    /** One pass's model, with the copy engines that limit overlap. */
    public record Model(double h2dMs, double kernelMs, double d2hMs, double sequentialMs, double idealMs,
                        OptionalInt streams, OptionalInt asyncEngines) {
        static Model of(OverlapModel m, OverlapResults report) {
            return new Model(m.h2dMs(), m.kernelMs(), m.d2hMs(), m.sequentialMs(), m.idealMs(), OptionalInt.of(m.streams()),
                    OptionalInt.of(report.context().device().asyncEngines()));
        }
    }

    /** A pass's model under {@code models}, with the node it was placed on ({@code null} when not placed). */
    public record PassModel(@JsonInclude(ALWAYS) OptionalInt numaNode, @JsonUnwrapped Model model) {
    }

    /**
     * A pass's recorded iteration of one schedule: every operation's stream, chunk, stage
     * ({@code h2d}, {@code kernel}, {@code d2h}) and its start and end in microseconds from the
     * schedule's reference event.
     */
    public record Timeline(String schedule, @JsonInclude(ALWAYS) OptionalInt numaNode, int streams, double endUs,
                           List<TimedOp> ops) {
    }

    /**
     * What overlap adds after {@code failures}: the first pass's model (the only one without
     * {@code --numa-node all}; absent when its stages gave no time, the run's failures say why), each
     * pass's that has one, and each pass's timelines (empty when nothing was recorded;
     * absent in documents from before overlap recorded them).
     */
    public record Added(Optional<Model> model, List<PassModel> models, Optional<List<Timeline>> timelines)
            implements Extras {
        public static Added of(OverlapResults report) {
            List<PassModel> models = report.passes().stream().flatMap(p -> p.model()
                    .map(m -> new PassModel(p.numaNode(), Model.of(m, report))).stream()).toList();
            List<Timeline> timelines = report.passes().stream().flatMap(p -> p.timelines().stream()
                    .map(t -> new Timeline(t.schedule(), p.numaNode(), t.streams(), t.endUs(), t.ops()))).toList();
            return new Added(report.model().map(m -> Model.of(m, report)), models, Optional.of(timelines));
        }
    }

    private static Optional<String> startOf(OverlapPlan plan) {
        return plan.gated() ? Optional.of(plan.start().label()) : Optional.empty();
    }
}
