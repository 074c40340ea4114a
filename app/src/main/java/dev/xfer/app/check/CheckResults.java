package dev.xfer.app.check;

import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.ResultNames;

import java.util.ArrayList;
import java.util.List;

/**
 * A check run's scenarios; it fails only when a synchronized scenario saw wrong data.
 *
 * @param setupSeconds allocating and filling the buffers before the first trial (0 when not timed)
 */
public record CheckResults(RunContext context, CheckPlan plan, List<CheckResult> results, double setupSeconds) {
    public CheckResults {
        results = List.copyOf(results);
    }

    /** Results without the setup time. */
    public CheckResults(RunContext context, CheckPlan plan, List<CheckResult> results) {
        this(context, plan, results, 0);
    }

    public CheckResults(RunContext context, CheckPlan plan, CheckRun run) {
        this(context, plan, run.results(), run.setupSeconds());
    }

    /** Setup and every scenario's trials, in seconds. */
    public double seconds() {
        return setupSeconds + results.stream().mapToDouble(r -> r.times().total()).sum();
    }

    /**
     * The scenarios as results, {@code check.<scenario>.wrong} each, then {@code check.synchronized.wrong}:
     * the sum over the scenarios that synchronize, when any ran.
     */
    public RunResults runResults() {
        List<RunResult> out = new ArrayList<>();
        long synchronizedWrong = 0;
        boolean anySynchronized = false;
        for (CheckResult r : results) {
            out.add(r.runResult(plan));
            if (r.scenario().isSynchronized()) {
                anySynchronized = true;
                synchronizedWrong += r.wrongTrials();
            }
        }
        if (anySynchronized) {
            Identity sum = plan.identity(CheckPlan.ALL_SYNCHRONIZED, plan.trials());
            out.add(RunResult.figure(ResultNames.of(sum), RunResult.single(sum, synchronizedWrong,
                    CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("check", out);
    }
}
