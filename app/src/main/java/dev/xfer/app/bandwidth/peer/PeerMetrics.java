package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.BandwidthPlan;
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

/**
 * Result names of the GPU-to-GPU copies ({@code --direction p2p}), for {@code --expect} and
 * {@code --junit}: {@code p2p.SRC-DST.SIZE}, one way, and {@code p2p-bidir.SRC-DST.SIZE}, both
 * copies together; GB/s only. Pairs copied by xfer's copy kernel have {@code .kernel} after the
 * first part ({@code p2p.kernel.0-1.16MiB}), so {@code p2p.0-1} still means the driver's.
 */
public final class PeerMetrics {
    private PeerMetrics() {
    }

    /** {@code p2p.SRC-DST.SIZE}, or {@code p2p-bidir.SRC-DST.SIZE} for both ways. */
    public static String name(int src, int dst, long bytes, boolean bidir) {
        return name(src, dst, bytes, bidir, CopyPath.DRIVER);
    }

    /** {@link #name(int, int, long, boolean)} with {@code .kernel} after the first part for the copy kernel's pairs. */
    public static String name(int src, int dst, long bytes, boolean bidir, CopyPath copy) {
        return (bidir ? "p2p-bidir." : "p2p.") + (copy == CopyPath.DRIVER ? "" : copy.label() + ".") + src + "-" + dst
                + "." + ByteSize.ofBytes(bytes).format();
    }

    /**
     * The names the GPU-to-GPU copies will produce, before anything is measured.
     *
     * @param devices the CUDA indices, in the order selected
     */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<Integer> devices) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (int src : devices) {
                for (int dst : devices) {
                    if (src != dst) {
                        for (CopyPath copy : PeerBenchmark.paths(plan)) {
                            out.add(MetricDeclaration.of(name(src, dst, size, false, copy), MetricUnit.GBPS));
                            out.add(MetricDeclaration.of(name(src, dst, size, true, copy), MetricUnit.GBPS));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The GPU-to-GPU results: one way and both ways per ordered pair and size. */
    public static RunResults results(List<PeerResult> results) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (PeerResult r : results) {
            String access = r.peerAccess() ? "peer access" : "no peer access: through host memory";
            String oneWay = name(r.src(), r.dst(), r.bytes(), false, r.copy());
            metrics.add(Metric.of(oneWay, r.gigabytesPerSecond().median(), MetricUnit.GBPS));
            configurations.add(new MeasuredConfiguration(oneWay, String.format(Locale.ROOT,
                    "%d bytes from device %d to %d (%s): median %.2f GB/s over %d copies", r.bytes(), r.src(), r.dst(),
                    access, r.gigabytesPerSecond().median(), r.gigabytesPerSecond().n()),
                    r.verified() ? Optional.empty() : Optional.of("data came back wrong: " + r.configuration())));
            String bothWays = name(r.src(), r.dst(), r.bytes(), true, r.copy());
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
