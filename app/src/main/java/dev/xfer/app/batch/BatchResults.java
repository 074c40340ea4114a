package dev.xfer.app.batch;

import dev.xfer.app.result.Waiver;

import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.result.RunNames;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A batch run: each strategy's outcome, the first one the others are compared with. With
 * {@code --numa-node all} the plan ran once per node: the results of every pass, pass after pass,
 * each compared with the first strategy of its own pass.
 *
 * @param notes      facts for the reader of the text, e.g. that placement has no effect here
 * @param placement  where host buffers and threads were placed; {@link HostPlacement#none()}
 *                   when the option was not given
 * @param hostMemory where each pass's host buffers actually were, one per pass
 * @param waived     the strategies this machine cannot run, each with why (a runtime without
 *                   {@code cudaMemcpyBatchAsync}): a {@code waived:} line, the document's
 *                   {@code waived}, a skipped JUnit case, never a passed one
 */
public record BatchResults(RunContext context, BatchPlan plan, List<BatchResult> results, List<String> notes,
                          HostPlacement placement, List<BatchHostMemory> hostMemory, List<Waiver> waived) {
    public BatchResults {
        waived = List.copyOf(waived);
        results = List.copyOf(results);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
        hostMemory = List.copyOf(hostMemory);
    }

    /** The results of a run whose waivers are the strategies it found unavailable. */
    public BatchResults(RunContext context, BatchPlan plan, List<BatchResult> results, List<String> notes,
                        HostPlacement placement, List<BatchHostMemory> hostMemory) {
        this(context, plan, results, notes, placement, hostMemory, BatchBenchmark.Outcome.waivers(results));
    }

    /** The results of a run without {@code --numa-node}. */
    public BatchResults(RunContext context, BatchPlan plan, List<BatchResult> results) {
        this(context, plan, results, List.of(), HostPlacement.none(), List.of());
    }

    public boolean verified() {
        return results.stream().allMatch(BatchResult::verified);
    }

    /**
     * Each strategy's time for the whole batch (the configuration, with the check of its data) and
     * its rate, as its row derives them ({@link BatchDocument.StrategyRow#handedOn}).
     */
    public RunResults runResults() {
        RowScope scope = RowScope.of("results", "batch", BatchDocument.Plan.of(this));
        RunNames names = BatchPlan.names(placement.namesCarryNode());
        List<RunResult> out = new ArrayList<>();
        for (BatchResult r : results) {
            // A strategy whose clock gave no time fails with why, named as its row would be: nothing in it can pass.
            Optional<String> whyNot = r.notMeasured();
            if (whyNot.isPresent()) {
                out.addAll(RunResult.of(BatchDocument.StrategyRow.unmeasured(scope, r, whyNot.get()), names,
                        OptionalDouble.empty()));
                continue;
            }
            BatchDocument.StrategyRow row = BatchDocument.StrategyRow.of(r);
            // A strategy this machine cannot run is waived: its names stay for --expect, but it is
            // no configuration that passed (JUnit skips it with why, from the waivers).
            out.addAll(row.available() ? RunResult.of(row.handedOn(scope), names, OptionalDouble.empty())
                    : RunResult.figures(row.handedOn(scope), names));
        }
        return RunResults.of("batch", out).withWaived(waived);
    }
}
