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

    /**
     * These results with {@code suffix} appended to every name, metrics and configurations alike:
     * how a run over several devices tells them apart ({@code pinned.h2d.16MiB.gpu1}).
     */
    public RunResults withNameSuffix(String suffix) {
        return new RunResults(command,
                metrics.stream().map(m -> new Metric(m.name() + suffix, m.value(), m.unit(), m.linkGBps())).toList(),
                configurations.stream().map(c -> new MeasuredConfiguration(c.name() + suffix, c.summary(), c.failure()))
                        .toList());
    }

    public boolean allPassed() {
        return configurations.stream().allMatch(MeasuredConfiguration::passed);
    }
}
