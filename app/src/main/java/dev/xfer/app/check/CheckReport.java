package dev.xfer.app.check;

import dev.xfer.app.results.RunContext;

import java.util.List;

/** A check run's scenarios; it fails only when a synchronized scenario saw wrong data. */
public record CheckReport(RunContext context, CheckPlan plan, List<CheckResult> results) {
    public CheckReport {
        results = List.copyOf(results);
    }

    public boolean synchronizedScenariosSafe() {
        return results.stream().noneMatch(r -> r.verdict().failsTheRun());
    }
}
