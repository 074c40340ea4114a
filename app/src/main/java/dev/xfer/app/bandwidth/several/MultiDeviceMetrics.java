package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthMetrics;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthReport;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.devices.DeviceSelection;
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

/**
 * Result names of a bandwidth run over several devices, for {@code --expect} and {@code --junit}.
 * <ul>
 *   <li>Each device's own results are named as one device's run names them, followed by
 *       {@code .gpuN} ({@link DeviceSelection#nameSuffix(int)}): {@code pinned.h2d.16MiB.gpu1},
 *       {@code pinned.h2d.16MiB.node0.gpu1}. So {@code pinned.h2d.16MiB} still selects every GPU's.</li>
 *   <li>{@code --concurrent}: {@code concurrent.pinned.h2d.16MiB.gpuN}, each GPU's median while all
 *       copied ({@code %link} where its link is known), and {@code concurrent.pinned.h2d.16MiB.all},
 *       the median aggregate (GB/s only: it spans several links).</li>
 *   <li>{@code p2p}: {@code p2p.SRC-DST.SIZE}, one way, and {@code p2p-bidir.SRC-DST.SIZE}, both
 *       copies together; GB/s only.</li>
 * </ul>
 * With one device selected nothing here applies: the names are one device's, without a suffix.
 */
public final class MultiDeviceMetrics {
    private MultiDeviceMetrics() {
    }

    /** What one device contributes to the declarations: its index, whether its link is known, and its name nodes. */
    public record DeviceNames(int index, boolean linkKnown, List<Integer> nameNodes) {
        public DeviceNames {
            nameNodes = List.copyOf(nameNodes);
        }
    }

    public static String concurrentName(String memory, String direction, long bytes, String who) {
        return "concurrent." + memory + "." + direction + "." + ByteSize.ofBytes(bytes).format() + "." + who;
    }

    public static String peerName(int src, int dst, long bytes, boolean bidir) {
        return (bidir ? "p2p-bidir." : "p2p.") + src + "-" + dst + "." + ByteSize.ofBytes(bytes).format();
    }

    /** The names the run will produce, before anything is measured. */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<DeviceNames> devices, boolean concurrent) {
        List<MetricDeclaration> out = new ArrayList<>();
        plan.perDevice().ifPresent(own -> {
            for (DeviceNames d : devices) {
                for (MetricDeclaration m : BandwidthMetrics.declare(own, d.linkKnown(), d.nameNodes())) {
                    out.add(new MetricDeclaration(m.name() + DeviceSelection.nameSuffix(d.index()), m.unit(),
                            m.hasLink()));
                }
            }
        });
        if (concurrent) {
            for (long size : plan.sizes()) {
                for (CopyDirection direction : plan.directions()) {
                    for (DeviceNames d : devices) {
                        String name = concurrentName("pinned", direction.label(), size, "gpu" + d.index());
                        out.add(d.linkKnown() ? MetricDeclaration.overLink(name)
                                : MetricDeclaration.of(name, MetricUnit.GBPS));
                    }
                    out.add(MetricDeclaration.of(concurrentName("pinned", direction.label(), size, "all"),
                            MetricUnit.GBPS));
                }
            }
        }
        if (plan.peerCopies()) {
            for (long size : plan.sizes()) {
                for (DeviceNames src : devices) {
                    for (DeviceNames dst : devices) {
                        if (src.index() != dst.index()) {
                            out.add(MetricDeclaration.of(peerName(src.index(), dst.index(), size, false), MetricUnit.GBPS));
                            out.add(MetricDeclaration.of(peerName(src.index(), dst.index(), size, true), MetricUnit.GBPS));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** One device's results, named apart with {@code .gpuN}. */
    public static RunResults device(BandwidthReport report, OptionalDouble linkGBps) {
        return BandwidthMetrics.results(report, linkGBps).withNameSuffix(
                DeviceSelection.nameSuffix(report.context().device().index()));
    }

    /**
     * The results of the GPUs at once: per GPU (failing when its data came back wrong) and the
     * aggregate, in the order of the run.
     *
     * @param linkGBps each GPU's link rate, by position in each result's {@code gpus}
     */
    public static RunResults concurrent(List<ConcurrentResult> results, List<OptionalDouble> linkGBps) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (ConcurrentResult c : results) {
            for (int g = 0; g < c.gpus().size(); g++) {
                ConcurrentResult.GpuShare share = c.gpus().get(g);
                String name = concurrentName(c.memory(), c.direction(), c.bytes(), "gpu" + share.device());
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
            String name = concurrentName(c.memory(), c.direction(), c.bytes(), "all");
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

    /** The GPU-to-GPU results: one way and both ways per ordered pair and size. */
    public static RunResults peers(List<PeerResult> results) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (PeerResult r : results) {
            String access = r.peerAccess() ? "peer access" : "no peer access: through host memory";
            String oneWay = peerName(r.src(), r.dst(), r.bytes(), false);
            metrics.add(Metric.of(oneWay, r.gigabytesPerSecond().median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(oneWay, String.format(Locale.ROOT,
                    "%d bytes from device %d to %d (%s): median %.2f GB/s over %d copies", r.bytes(), r.src(), r.dst(),
                    access, r.gigabytesPerSecond().median(), r.gigabytesPerSecond().n()),
                    r.verified() ? Optional.empty() : Optional.of("data came back wrong: " + r.configuration())));
            String bothWays = peerName(r.src(), r.dst(), r.bytes(), true);
            metrics.add(Metric.of(bothWays, r.bidirGbps().median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(bothWays, String.format(Locale.ROOT,
                    "%d bytes each way between devices %d and %d at once (%s): median %.2f GB/s together over %d pairs",
                    r.bytes(), r.src(), r.dst(), access, r.bidirGbps().median(), r.bidirGbps().n()),
                    r.bidirVerified() ? Optional.empty()
                            : Optional.of("data came back wrong: " + r.bidirConfiguration())));
        }
        return new RunResults("bandwidth-p2p", metrics, configurations);
    }
}
