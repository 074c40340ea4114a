package dev.xfer.app.check;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Check results by name: {@code check.<scenario>.wrong} (trials with wrong data) and
 * {@code check.synchronized.wrong}, the sum over the scenarios that synchronize.
 */
public final class CheckMetrics {
    static final String SYNCHRONIZED = "check.synchronized.wrong";

    private CheckMetrics() {
    }

    public static List<MetricDeclaration> declare(CheckPlan plan) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (CheckScenario s : plan.scenarios()) {
            out.add(MetricDeclaration.of("check." + s.id() + ".wrong", MetricUnit.COUNT));
        }
        if (plan.scenarios().stream().anyMatch(CheckScenario::isSynchronized)) {
            out.add(MetricDeclaration.of(SYNCHRONIZED, MetricUnit.COUNT));
        }
        return out;
    }

    public static RunResults results(CheckReport report) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        int synchronizedWrong = 0;
        boolean anySynchronized = false;
        for (CheckResult r : report.results()) {
            metrics.add(Metric.of("check." + r.scenario().id() + ".wrong", r.wrongTrials(), MetricUnit.COUNT));
            if (r.scenario().isSynchronized()) {
                anySynchronized = true;
                synchronizedWrong += r.wrongTrials();
            }
            configurations.add(new MeasuredConfiguration("check." + r.scenario().id(), String.format(Locale.ROOT,
                    "%d of %d trials wrong, %d with the copy in flight: %s", r.wrongTrials(), r.trials(),
                    r.inFlightTrials(), r.verdict().text()),
                    r.verdict().failsTheRun() ? Optional.of(r.verdict().text() + ": " + r.wrongTrials() + " of "
                            + r.trials() + " trials wrong") : Optional.empty()));
        }
        if (anySynchronized) {
            metrics.add(Metric.of(SYNCHRONIZED, synchronizedWrong, MetricUnit.COUNT));
        }
        return new RunResults("check", metrics, configurations);
    }
}
