package dev.xfer.app.latency;

import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.ResultNames;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** One GPU's latency run with what it ran on and how: what every renderer reads. */
public record LatencyResults(RunContext context, LatencyPlan plan, LatencyRun run) {
    /** Whether every chase ended where the host's walk of its cycle ends. */
    public boolean verified() {
        return run.results().stream().allMatch(LatencyResult::verified);
    }

    /** The chases as results: one configuration each, failed where its chase did not check out. */
    public RunResults runResults() {
        List<RunResult> out = new ArrayList<>();
        for (LatencyResult r : run.results()) {
            Identity id = r.identity(plan);
            out.add(RunResult.configuration(ResultNames.of(id), RunResult.measured(id, r.nanoseconds(),
                    r.failure().map(CheckOutcome::failed).orElse(CheckOutcome.PASSED)), OptionalDouble.empty()));
        }
        return RunResults.of("latency", out);
    }
}
