package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Result names of the many-GPU patterns ({@code --pattern}), for {@code --expect} and
 * {@code --junit}: {@code pattern.FORM[.kernel].SIZE.gpuN}, the measured GPU's median in the
 * round where GPU N was measured, and {@code pattern.FORM[.kernel].SIZE.gpuN.aggregate}, every
 * copy of that round together (GB/s only: they span several links). FORM is the pattern in the
 * form it ran ({@link PatternPlan#form()}: {@code all-to-host}, {@code all-to-host-bidirectional},
 * {@code all-to-one-read}, ...), {@code kernel} marks the copy kernel's rounds (the copy engines'
 * carry no path, as everywhere), e.g. {@code pattern.all-to-host.512MiB.gpu0},
 * {@code pattern.one-to-all-write.kernel.512MiB.gpu1.aggregate}.
 */
public final class PatternMetrics {
    /** The suffix of a round's aggregate. */
    public static final String AGGREGATE = "aggregate";

    private PatternMetrics() {
    }

    /** {@code pattern.FORM[.kernel].SIZE.gpuN}. */
    public static String name(String form, CopyPath path, long bytes, int gpu) {
        return "pattern." + form + (path == CopyPath.DRIVER ? "" : "." + path.label()) + "."
                + ByteSize.ofBytes(bytes).format() + ".gpu" + gpu;
    }

    /** {@code pattern.FORM[.kernel].SIZE.gpuN.aggregate}. */
    public static String aggregateName(String form, CopyPath path, long bytes, int gpu) {
        return name(form, path, bytes, gpu) + "." + AGGREGATE;
    }

    /** The names the plans may produce on {@code devices} (CUDA indices), before anything is measured. */
    public static List<MetricDeclaration> declare(List<PatternPlan> plans, List<Integer> devices) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (PatternPlan plan : plans) {
            for (int gpu : devices) {
                out.add(MetricDeclaration.of(name(plan.form(), plan.path(), plan.bytes(), gpu), MetricUnit.GBPS));
                out.add(MetricDeclaration.of(aggregateName(plan.form(), plan.path(), plan.bytes(), gpu),
                        MetricUnit.GBPS));
            }
        }
        return out;
    }

    /** Per round, the measured figure and the aggregate, each failing when any copy of the round delivered wrong data. */
    public static RunResults results(List<PatternResult> results) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (PatternResult r : results) {
            Optional<String> failure = r.verified() ? Optional.empty()
                    : Optional.of("data came back wrong in the round of GPU " + r.gpu());
            String name = name(r.form(), r.path(), r.bytes(), r.gpu());
            String aggregate = aggregateName(r.form(), r.path(), r.bytes(), r.gpu());
            if (!(r.gigabytesPerSecond() instanceof Summary rates) || !(r.aggregateGbps() instanceof Summary all)) {
                // A timer gave no time: both results fail with why, and no figure can meet an expectation.
                String why = r.notMeasured().orElseThrow();
                for (String each : List.of(name, aggregate)) {
                    metrics.add(Metric.of(each, Double.NaN, MetricUnit.GBPS));
                    configurations.add(new MeasuredConfiguration(each, "not measured", Optional.of(why)));
                }
                continue;
            }
            metrics.add(Metric.of(name, rates.median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                    "%s, %d bytes, GPU %d measured beside GPUs %s (%d copies at once): median %.2f GB/s"
                            + " (min %.2f, max %.2f) over %d iterations", r.form(), r.bytes(), r.gpu(),
                    others(r), r.copies(), rates.median(), rates.min(), rates.max(), rates.n()), failure));
            metrics.add(Metric.of(aggregate, all.median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(aggregate, String.format(Locale.ROOT,
                    "%s, %d copies at once while GPU %d was measured: median aggregate %.2f GB/s (min %.2f, max %.2f)",
                    r.form(), r.copies(), r.gpu(), all.median(), all.min(), all.max()), failure));
        }
        return new RunResults("bandwidth-pattern", metrics, configurations);
    }

    private static String others(PatternResult r) {
        return String.join(",", r.others().stream().map(String::valueOf).toList());
    }
}
