package dev.xfer.app.overlap;

import dev.xfer.app.results.RunContext;

import java.util.List;

/** An overlap run: the schedules' results beside the model, and the copy engines that limit overlap. */
public record OverlapReport(RunContext context, OverlapPlan plan, OverlapModel model, List<OverlapResult> results) {
    public OverlapReport {
        results = List.copyOf(results);
    }

    public boolean withinTolerance() {
        return results.stream().allMatch(OverlapResult::withinTolerance);
    }
}
