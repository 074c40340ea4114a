package dev.xfer.app.latency;

import dev.xfer.app.output.RunContext;

/** One GPU's latency run with what it ran on and how: what every renderer reads. */
public record LatencyResults(RunContext context, LatencyPlan plan, LatencyRun run) {
    /** Whether every chase ended where the host's walk of its cycle ends. */
    public boolean verified() {
        return run.results().stream().allMatch(LatencyResult::verified);
    }
}
