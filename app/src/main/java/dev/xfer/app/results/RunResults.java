package dev.xfer.app.results;

import dev.xfer.app.expect.Metric;

import java.util.List;

/**
 * What every measuring command hands to the shared output stage: the named results that
 * {@code --expect} checks, and the configurations that {@code --junit} reports.
 */
public record RunResults(String command, List<Metric> metrics, List<MeasuredConfiguration> configurations) {
    public RunResults {
        metrics = List.copyOf(metrics);
        configurations = List.copyOf(configurations);
    }

    public boolean allPassed() {
        return configurations.stream().allMatch(MeasuredConfiguration::passed);
    }
}
