package dev.xfer.app.check;

import dev.xfer.app.output.RunContext;

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
}
