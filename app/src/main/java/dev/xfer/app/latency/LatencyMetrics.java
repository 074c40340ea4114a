package dev.xfer.app.latency;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Latency results by name: {@code latency.TARGET.SIZE} in ns per access, TARGET host, device or gpuN. */
public final class LatencyMetrics {
    private LatencyMetrics() {
    }

    public static String name(LatencyTarget target, long bytes) {
        return "latency." + target.id() + "." + ByteSize.ofBytes(bytes).format();
    }

    /** @param peers the GPUs whose memory may be chased as peers (a superset is fine: names are only checked) */
    public static List<MetricDeclaration> declare(LatencyPlan plan, List<Integer> peers) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (LatencyTarget t : plan.targets(peers)) {
            for (long bytes : plan.sizes()) {
                out.add(MetricDeclaration.of(name(t, bytes), MetricUnit.NANOSECONDS));
            }
        }
        return out;
    }

    public static RunResults results(LatencyReport report) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (LatencyResult r : report.run().results()) {
            String name = name(r.target(), r.bytes());
            metrics.add(Metric.of(name, r.nanoseconds().median(), MetricUnit.NANOSECONDS));
            configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                    "median %.1f ns per access (min %.1f, max %.1f) over %d chases of %d accesses",
                    r.nanoseconds().median(), r.nanoseconds().min(), r.nanoseconds().max(), r.nanoseconds().n(),
                    r.accesses()), r.failure()));
        }
        return new RunResults("latency", metrics, configurations);
    }
}
