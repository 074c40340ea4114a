package dev.xfer.app.overlap;

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
 * Overlap results by name: {@code overlap.<schedule>.ms} (median), {@code .speedup} (over
 * sequential, when sequential ran), {@code .efficiency} (model ideal / median), {@code .error}
 * (max |a[i] - 1|).
 */
public final class OverlapMetrics {
    private OverlapMetrics() {
    }

    public static List<MetricDeclaration> declare(OverlapPlan plan) {
        boolean sequential = plan.schedules().contains(OverlapSchedule.SEQUENTIAL);
        List<MetricDeclaration> out = new ArrayList<>();
        for (OverlapSchedule s : plan.schedules()) {
            String base = "overlap." + s.label() + ".";
            out.add(MetricDeclaration.of(base + "ms", MetricUnit.MILLISECONDS));
            if (sequential) {
                out.add(MetricDeclaration.of(base + "speedup", MetricUnit.RATIO));
            }
            out.add(MetricDeclaration.of(base + "efficiency", MetricUnit.RATIO));
            out.add(MetricDeclaration.of(base + "error", MetricUnit.NUMBER));
        }
        return out;
    }

    public static RunResults results(OverlapReport report) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (OverlapResult r : report.results()) {
            String base = "overlap." + r.schedule().label() + ".";
            metrics.add(Metric.of(base + "ms", r.milliseconds().median(), MetricUnit.MILLISECONDS));
            r.speedup().ifPresent(x -> metrics.add(Metric.of(base + "speedup", x, MetricUnit.RATIO)));
            metrics.add(Metric.of(base + "efficiency", r.efficiency(), MetricUnit.RATIO));
            metrics.add(Metric.of(base + "error", r.maxError(), MetricUnit.NUMBER));
            configurations.add(new MeasuredConfiguration("overlap." + r.schedule().label(), String.format(Locale.ROOT,
                    "median %.3f ms (min %.3f, max %.3f), max error %e", r.milliseconds().median(),
                    r.milliseconds().min(), r.milliseconds().max(), r.maxError()),
                    r.withinTolerance() ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                            "max error %e above %.0e", r.maxError(), OverlapResult.TOLERANCE))));
        }
        return new RunResults("overlap", metrics, configurations);
    }
}
