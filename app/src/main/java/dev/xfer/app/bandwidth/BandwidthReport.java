package dev.xfer.app.bandwidth;

import dev.xfer.app.results.RunContext;

import java.util.List;

/** A bandwidth run's results with what they were measured on and how. */
public record BandwidthReport(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                              List<VerificationFailure> failures, List<String> notes) {
    public BandwidthReport {
        results = List.copyOf(results);
        failures = List.copyOf(failures);
        notes = List.copyOf(notes);
    }

    public boolean verified() {
        return failures.isEmpty();
    }
}
