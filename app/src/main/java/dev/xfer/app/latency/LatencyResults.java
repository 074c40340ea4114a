package dev.xfer.app.latency;

import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One GPU's latency run with what it ran on and how: what every renderer reads.
 *
 * @param notes facts for the reader of the text (Confidential Computing's state); what the run did
 *              not measure is its {@link LatencyRun#waived}, not a note
 */
public record LatencyResults(RunContext context, LatencyPlan plan, LatencyRun run, List<String> notes) {
    public LatencyResults {
        notes = List.copyOf(notes);
    }

    /** A run with nothing to note. */
    public LatencyResults(RunContext context, LatencyPlan plan, LatencyRun run) {
        this(context, plan, run, List.of());
    }

    /** Whether every chase ended where the host's walk of its cycle ends. */
    public boolean verified() {
        return run.results().stream().allMatch(LatencyResult::verified);
    }

    /**
     * The chases as results, as their rows derive them ({@link LatencyDocument.ConfigurationRow#figures}):
     * one configuration each, failed where its chase did not check out or its timer gave no time;
     * what the run waived beside them (a skipped JUnit case each, no figure).
     */
    public RunResults runResults() {
        // What every row shares is the plan's accesses, order and timer; the peers are each row's own.
        RowScope scope = RowScope.of("results", "latency", LatencyDocument.Plan.of(plan, List.of()));
        List<RunResult> out = new ArrayList<>();
        for (LatencyResult r : run.results()) {
            RowFigures row = switch (r.nanoseconds()) {
                // The chase's own words for a failure, where the document says only that it failed.
                case Summary measured -> LatencyDocument.ConfigurationRow.of(r).figures(scope)
                        .checked(r.failure().map(CheckOutcome::failed).orElse(CheckOutcome.PASSED));
                case Summarized.Unsummarizable no -> LatencyDocument.ConfigurationRow.unmeasured(scope, r, no.reason());
            };
            out.addAll(RunResult.of(row, ResultNames.run(false, false), OptionalDouble.empty()));
        }
        return RunResults.of("latency", out).withWaived(run.waived());
    }
}
