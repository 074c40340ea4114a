package dev.xfer.app.batch;

import dev.xfer.app.results.RunContext;

import java.util.List;

/** A batch run: each strategy's outcome, the first one the others are compared with. */
public record BatchReport(RunContext context, BatchPlan plan, List<BatchResult> results) {
    public BatchReport {
        results = List.copyOf(results);
    }

    public boolean verified() {
        return results.stream().allMatch(BatchResult::verified);
    }
}
