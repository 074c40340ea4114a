package dev.xfer.app.batch;

import dev.xfer.app.result.Waiver;

import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.stats.Summarized;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

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

    /** Each strategy's time for the whole batch (the configuration, with the check of its data) and its rate. */
    public RunResults runResults() {
        List<RunResult> out = new ArrayList<>();
        boolean nodeNamed = placement.namesCarryNode();
        for (BatchResult r : results) {
            // A strategy whose clock gave no time fails with why (RunResult.measured): nothing in it can pass.
            CheckOutcome check = r.unavailable().isPresent()
                    ? CheckOutcome.notChecked("unavailable: " + r.unavailable().get())
                    : r.verified() ? CheckOutcome.PASSED : CheckOutcome.failed("buffer " + r.wrongBuffer().orElseThrow()
                    + " arrived wrong" + (r.numaNode().isPresent() ? " on node " + r.numaNode().getAsInt() : ""));
            Identity time = plan.identity(r.strategy(), r.numaNode(), BatchPlan.MILLISECONDS);
            RunResult.Measured measured = r.milliseconds().map(ms -> RunResult.measured(time, ms, check))
                    .orElse(RunResult.notMeasured(time, whyNot(r), check));
            String timeName = BatchPlan.name(time, nodeNamed);
            // A strategy this machine cannot run is waived: its name stays for --expect, but it is
            // no configuration that passed (JUnit skips it with why, from the waivers).
            out.add(r.unavailable().isPresent() ? RunResult.figure(timeName, measured)
                    : RunResult.configuration(timeName, measured,
                    NumaNodeOption.withNode(BatchPlan.base(time), nodeNamed ? r.numaNode() : OptionalInt.empty())));
            Identity rate = plan.identity(r.strategy(), r.numaNode(), BatchPlan.GBPS);
            out.add(RunResult.figure(BatchPlan.name(rate, nodeNamed), r.measured().isPresent()
                    ? RunResult.single(rate, r.gigabytesPerSecond(), CheckOutcome.NOT_CHECKED)
                    : RunResult.notMeasured(rate, whyNot(r), CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("batch", out).withWaived(waived);
    }

    /** Why a strategy has no figure: this machine cannot run it, or its clock gave no time. */
    private static String whyNot(BatchResult r) {
        return r.unavailable().map(u -> "unavailable: " + u)
                .or(() -> r.milliseconds().flatMap(Summarized::whyNot)).orElse("not run");
    }
}
