package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.concurrent.ConcurrentPlan;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Result names of a bandwidth run over several devices, for {@code --expect} and {@code --junit}.
 * <ul>
 *   <li>Each device's own results are named as one device's run names them, followed by
 *       {@code .gpuN} ({@link DeviceSelection#nameSuffix(int)}): {@code pinned.h2d.16MiB.gpu1},
 *       {@code pinned.h2d.16MiB.node0.gpu1}. So {@code pinned.h2d.16MiB} still selects every GPU's.</li>
 *   <li>{@code --concurrent}: {@code concurrent.pinned.h2d.16MiB.gpuN} and {@code ...all}
 *       ({@link ConcurrentResult}).</li>
 *   <li>{@code p2p}: {@code p2p.SRC-DST.SIZE} and {@code p2p-bidir.SRC-DST.SIZE}, the read form's
 *       {@code p2p-read.SRC-DST.SIZE} and {@code p2p-bidir-read.SRC-DST.SIZE} ({@link PeerResult}).</li>
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

    /** The names the run will produce, before anything is measured. */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<DeviceNames> devices, boolean concurrent) {
        List<MetricDeclaration> out = new ArrayList<>();
        plan.perDevice().ifPresent(own -> {
            for (DeviceNames d : devices) {
                for (MetricDeclaration m : own.declarations(d.linkKnown(), d.nameNodes())) {
                    out.add(m.withNameSuffix(DeviceSelection.nameSuffix(d.index())));
                }
            }
        });
        if (concurrent) {
            out.addAll(new ConcurrentPlan(plan, devices.stream().map(DeviceNames::index).toList()).declarations(
                    index -> devices.stream().anyMatch(d -> d.index() == index && d.linkKnown())));
        }
        if (plan.peerCopies()) {
            out.addAll(new PeerPlan(plan, devices.stream().map(DeviceNames::index).toList()).declarations());
        }
        return out;
    }

    /** One device's results, named apart with {@code .gpuN}. */
    public static RunResults device(BandwidthResults report, OptionalDouble linkGBps) {
        return report.runResults(linkGBps).withNameSuffix(
                DeviceSelection.nameSuffix(report.context().device().index()));
    }
}
