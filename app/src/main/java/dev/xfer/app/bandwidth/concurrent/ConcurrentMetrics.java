package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntPredicate;

/**
 * Result names of the GPUs copying at once ({@code --concurrent}), for {@code --expect} and
 * {@code --junit}: {@code concurrent.pinned.h2d.16MiB.gpuN}, each GPU's median while all copied
 * ({@code %link} where its link is known), and {@code concurrent.pinned.h2d.16MiB.all}, the median
 * aggregate (GB/s only: it spans several links).
 */
public final class ConcurrentMetrics {
    private ConcurrentMetrics() {
    }

    /** {@code concurrent.MEMORY.DIRECTION.SIZE.WHO}, WHO {@code gpuN} or {@code all}. */
    public static String name(String memory, String direction, long bytes, String who) {
        return "concurrent." + memory + "." + direction + "." + ByteSize.ofBytes(bytes).format() + "." + who;
    }

    /**
     * The names the GPUs at once will produce, before anything is measured.
     *
     * @param devices   the CUDA indices, in the order selected
     * @param linkKnown whether a device's link rate is known, so its name is checked as {@code %link} too
     */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<Integer> devices, IntPredicate linkKnown) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (CopyDirection direction : plan.directions()) {
                for (int d : devices) {
                    String name = name("pinned", direction.label(), size, "gpu" + d);
                    out.add(linkKnown.test(d) ? MetricDeclaration.overLink(name)
                            : MetricDeclaration.of(name, MetricUnit.GBPS));
                }
                out.add(MetricDeclaration.of(name("pinned", direction.label(), size, "all"), MetricUnit.GBPS));
            }
        }
        return out;
    }

    /**
     * The results of the GPUs at once: per GPU (failing when its data came back wrong) and the
     * aggregate, in the order of the run.
     *
     * @param linkGBps each GPU's link rate, by position in each result's {@code gpus}
     */
    public static RunResults results(List<ConcurrentResult> results, List<OptionalDouble> linkGBps) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (ConcurrentResult c : results) {
            for (int g = 0; g < c.gpus().size(); g++) {
                ConcurrentResult.GpuShare share = c.gpus().get(g);
                String name = name(c.memory(), c.direction(), c.bytes(), "gpu" + share.device());
                double gbps = share.gigabytesPerSecond().median();
                OptionalDouble link = g < linkGBps.size() ? linkGBps.get(g) : OptionalDouble.empty();
                metrics.add(link.isPresent() ? Metric.overLink(name, gbps, link.getAsDouble())
                        : Metric.of(name, gbps, MetricUnit.GBPS));
                configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                        "%d bytes on device %d while %d GPUs copied: median %.2f GB/s (min %.2f, max %.2f) over %d copies",
                        c.bytes(), share.device(), c.gpus().size(), gbps, share.gigabytesPerSecond().min(),
                        share.gigabytesPerSecond().max(), share.gigabytesPerSecond().n()),
                        share.verified() ? Optional.empty()
                                : Optional.of("data came back wrong on device " + share.device())));
            }
            String name = name(c.memory(), c.direction(), c.bytes(), "all");
            metrics.add(Metric.of(name, c.aggregateGbps().median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                    "%d bytes on each of %d GPUs at once: median aggregate %.2f GB/s%s", c.bytes(), c.gpus().size(),
                    c.aggregateGbps().median(), c.aloneGbpsSum().isPresent()
                            ? String.format(Locale.ROOT, " (alone, summed: %.2f GB/s)", c.aloneGbpsSum().getAsDouble())
                            : ""),
                    c.verified() ? Optional.empty() : Optional.of("data came back wrong on at least one GPU")));
        }
        return new RunResults("bandwidth-concurrent", metrics, configurations);
    }
}
