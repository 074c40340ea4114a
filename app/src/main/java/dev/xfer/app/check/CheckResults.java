package dev.xfer.app.check;

import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.RunNames;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A check run's scenarios; it fails only when a synchronized scenario saw wrong data.
 *
 * @param setupSeconds allocating and filling the buffers before the first trial (0 when not timed)
 * @param notes        facts for the reader of the text (Confidential Computing's state and marks)
 */
public record CheckResults(RunContext context, CheckPlan plan, List<CheckResult> results, double setupSeconds,
                           List<String> notes) {
    public CheckResults {
        results = List.copyOf(results);
        notes = List.copyOf(notes);
    }

    /** Results with nothing to note. */
    public CheckResults(RunContext context, CheckPlan plan, List<CheckResult> results, double setupSeconds) {
        this(context, plan, results, setupSeconds, List.of());
    }

    /** Results without the setup time. */
    public CheckResults(RunContext context, CheckPlan plan, List<CheckResult> results) {
        this(context, plan, results, 0);
    }

    public CheckResults(RunContext context, CheckPlan plan, CheckRun run) {
        this(context, plan, run, List.of());
    }

    public CheckResults(RunContext context, CheckPlan plan, CheckRun run, List<String> notes) {
        this(context, plan, run.results(), run.setupSeconds(), notes);
    }

    /** Setup and every scenario's trials, in seconds. */
    public double seconds() {
        return setupSeconds + results.stream().mapToDouble(r -> r.times().total()).sum();
    }

    /**
     * The scenarios as results, {@code check.<scenario>.wrong} each, as their rows derive them
     * ({@link CheckDocument.ScenarioRow#handedOn}), then {@code check.synchronized.wrong}: the sum
     * over the scenarios that synchronize, when any ran.
     */
    public RunResults runResults() {
        RowScope scope = RowScope.of("results", "check", CheckDocument.Plan.of(plan));
        RunNames names = ResultNames.run(false, false);
        List<CheckDocument.ScenarioRow> rows = CheckDocument.rows(this);
        List<RunResult> out = new ArrayList<>();
        for (CheckDocument.ScenarioRow row : rows) {
            out.addAll(RunResult.of(row.handedOn(scope), names, OptionalDouble.empty()));
        }
        CheckDocument.synchronizedWrong(scope, rows).ifPresent(sum -> out.addAll(RunResult.figures(sum, names)));
        return RunResults.of("check", out);
    }
}
