package dev.xfer.app.overlap;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.RunNames;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * An overlap run: the schedules' results beside the model, and the copy engines that limit
 * overlap. With {@code --numa-node all} the whole plan ran once per node: one pass each, with its
 * own model.
 *
 * @param passes    the passes in the order they ran; one without {@code --numa-node all}
 * @param notes     facts for the reader of the text, e.g. that placement has no effect here
 * @param placement where the host array and the measuring thread were placed;
 *                  {@link HostPlacement#none()} when the option was not given
 */
public record OverlapResults(RunContext context, OverlapPlan plan, List<Pass> passes, List<String> notes,
                            HostPlacement placement) {

    /**
     * One run of the plan.
     *
     * @param numaNode the node it was placed on; empty when nothing was placed
     * @param model    each stage alone, measured in this pass; empty when a stage's timer gave no time
     *                 (every schedule of the pass is then a failed result with why)
     * @param results  one per schedule, each carrying {@code numaNode}
     * @param timelines one recorded iteration per schedule (empty when none was recorded)
     */
    public record Pass(OptionalInt numaNode, Optional<OverlapModel> model, List<OverlapResult> results,
                       List<ScheduleTimeline> timelines) {
        public Pass {
            Objects.requireNonNull(numaNode, "numaNode");
            Objects.requireNonNull(model, "model");
            results = List.copyOf(results);
            timelines = List.copyOf(timelines);
        }

        /** A pass with its model. */
        public Pass(OptionalInt numaNode, OverlapModel model, List<OverlapResult> results,
                    List<ScheduleTimeline> timelines) {
            this(numaNode, Optional.of(model), results, timelines);
        }

        /** A pass with its model, without recorded timelines. */
        public Pass(OptionalInt numaNode, OverlapModel model, List<OverlapResult> results) {
            this(numaNode, model, results, List.of());
        }
    }

    public OverlapResults {
        passes = List.copyOf(passes);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("an overlap report has at least one pass");
        }
    }

    /** The results of one unplaced pass, as runs without {@code --numa-node} make. */
    public OverlapResults(RunContext context, OverlapPlan plan, OverlapModel model, List<OverlapResult> results) {
        this(context, plan, Optional.of(model), results);
    }

    /** The results of one unplaced pass, its model empty when a stage's timer gave no time. */
    public OverlapResults(RunContext context, OverlapPlan plan, Optional<OverlapModel> model, List<OverlapResult> results) {
        this(context, plan, List.of(new Pass(OptionalInt.empty(), model, results, List.of())), List.of(),
                HostPlacement.none());
    }

    /** The first pass's recorded timelines: what a timeline draws. */
    public List<ScheduleTimeline> timelines() {
        return passes.getFirst().timelines();
    }

    /** The first pass's model: the only one without {@code --numa-node all}; empty when its stages gave no time. */
    public Optional<OverlapModel> model() {
        return passes.getFirst().model();
    }

    /** Every pass's results, pass after pass. */
    public List<OverlapResult> results() {
        return passes.stream().flatMap(p -> p.results().stream()).toList();
    }

    public boolean withinTolerance() {
        return results().stream().allMatch(OverlapResult::withinTolerance);
    }

    /**
     * Every pass's schedules as results, pass after pass, as their rows derive them
     * ({@link OverlapDocument.ScheduleRow#handedOn}): each schedule's time stands for it and carries
     * the check of its data, its speedup, efficiency and max error are figures of it; names end in
     * the node with {@code --numa-node all}.
     */
    public RunResults runResults() {
        RowScope scope = RowScope.of("results", "overlap", OverlapDocument.Plan.of(this));
        RunNames names = ResultNames.run(false, placement.namesCarryNode());
        List<RunResult> out = new ArrayList<>();
        for (OverlapResult r : results()) {
            // A schedule whose timer gave no time is a failed result with why, named as its row would be.
            RowFigures row = r.measured().isPresent() ? OverlapDocument.ScheduleRow.of(r, plan).handedOn(scope)
                    : OverlapDocument.ScheduleRow.unmeasured(scope, r, plan);
            out.addAll(RunResult.of(row, names, OptionalDouble.empty()));
        }
        return RunResults.of("overlap", out);
    }
}
