package dev.xfer.app.output;

import dev.xfer.app.expect.Metric;

import java.util.List;
import java.util.Optional;

/**
 * What every measuring command hands to the shared output stage: the named results that
 * {@code --expect} checks, and the configurations that {@code --junit} reports, both derived from
 * the run's {@link RunResult}s ({@link #of}).
 *
 * @param results the records the metrics and configurations were derived from; empty only for
 *                a run that measured nothing (or only checked a fact, as smoke's link check)
 * @param waived  the configurations the run did not measure here and why: skipped JUnit cases,
 *                neither a metric nor an OpenMetrics sample
 */
public record RunResults(String command, List<Metric> metrics, List<MeasuredConfiguration> configurations,
                         List<RunResult> results, List<dev.xfer.app.result.Waiver> waived) {
    public RunResults {
        metrics = List.copyOf(metrics);
        configurations = List.copyOf(configurations);
        results = List.copyOf(results);
        waived = List.copyOf(waived);
    }

    /** A run's results with nothing waived. */
    public RunResults(String command, List<Metric> metrics, List<MeasuredConfiguration> configurations,
                      List<RunResult> results) {
        this(command, metrics, configurations, results, List.of());
    }

    /** These results with {@code waivers} beside them. */
    public RunResults withWaived(List<dev.xfer.app.result.Waiver> waivers) {
        return new RunResults(command, metrics, configurations, results, waivers);
    }

    /**
     * A run with no measured results, only configurations it checked (smoke's link check), or
     * nothing at all.
     */
    public RunResults(String command, List<Metric> metrics, List<MeasuredConfiguration> configurations) {
        this(command, metrics, configurations, List.of());
    }

    /** A run's results: each one's metric, and the configuration of each that stands for one, in order. */
    public static RunResults of(String command, List<RunResult> results) {
        return new RunResults(command, results.stream().map(RunResult::metric).toList(),
                results.stream().map(RunResult::measuredConfiguration).flatMap(Optional::stream).toList(), results);
    }

    /**
     * These results with {@code suffix} appended to every name, metrics and configurations alike:
     * how a run over several devices tells them apart ({@code pinned.h2d.16MiB.gpu1}).
     */
    public RunResults withNameSuffix(String suffix) {
        if (!results.isEmpty()) {
            return of(command, results.stream().map(r -> r.withNameSuffix(suffix)).toList()).withWaived(waived);
        }
        return new RunResults(command,
                metrics.stream().map(m -> new Metric(m.name() + suffix, m.value(), m.unit(), m.linkGBps())).toList(),
                configurations.stream().map(c -> new MeasuredConfiguration(c.name() + suffix, c.summary(), c.failure(),
                        c.time())).toList(), List.of(), waived);
    }

    public boolean allPassed() {
        return configurations.stream().allMatch(MeasuredConfiguration::passed);
    }
}
