package dev.xfer.app.bandwidth;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Bandwidth results by name, {@code <memory>.<direction>.<size>} (e.g. {@code pinned.h2d.16MiB},
 * {@code pinned.bidir-d2h.4GiB}, {@code device.d2d.16MiB}), each the median GB/s.
 */
public final class BandwidthMetrics {
    private BandwidthMetrics() {
    }

    public static String name(String memory, String direction, long bytes) {
        return memory + "." + direction + "." + ByteSize.ofBytes(bytes).format();
    }

    /** The names a plan will produce, before anything is measured. */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, boolean linkKnown) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (HostMemoryKind memory : plan.memories()) {
                for (CopyDirection d : plan.directions()) {
                    switch (d) {
                        case H2D, D2H -> out.add(host(name(memory.label(), d.label(), size), linkKnown));
                        case BIDIR -> {
                            if (memory.allowsAsyncCopies()) {
                                out.add(host(name(memory.label(), "bidir-h2d", size), linkKnown));
                                out.add(host(name(memory.label(), "bidir-d2h", size), linkKnown));
                            }
                        }
                        case D2D -> { }
                    }
                }
            }
            if (plan.directions().contains(CopyDirection.D2D)) {
                out.add(MetricDeclaration.of(name("device", "d2d", size), MetricUnit.GBPS));
            }
        }
        return out;
    }

    private static MetricDeclaration host(String name, boolean linkKnown) {
        return linkKnown ? MetricDeclaration.overLink(name) : MetricDeclaration.of(name, MetricUnit.GBPS);
    }

    public static RunResults results(BandwidthReport report, OptionalDouble linkGBps) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (BandwidthResult r : report.results()) {
            String name = name(r.memory(), r.direction(), r.bytes());
            double gbps = r.gigabytesPerSecond().median();
            boolean overLink = !r.direction().equals("d2d") && linkGBps.isPresent();
            metrics.add(overLink ? Metric.overLink(name, gbps, linkGBps.getAsDouble())
                    : Metric.of(name, gbps, MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                    "%d bytes: median %.2f GB/s (min %.2f, max %.2f) over %d copies", r.bytes(), gbps,
                    r.gigabytesPerSecond().min(), r.gigabytesPerSecond().max(), r.gigabytesPerSecond().n()),
                    r.verified() ? Optional.empty() : Optional.of(failure(report, r))));
        }
        return new RunResults("bandwidth", metrics, configurations);
    }

    private static String failure(BandwidthReport report, BandwidthResult r) {
        return report.failures().stream().map(VerificationFailure::describe)
                .filter(f -> f.startsWith(r.memory() + " ") && f.contains(" " + r.bytes() + " B:"))
                .findFirst().orElse("data came back wrong");
    }
}
