package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.concurrent.ConcurrentPlan;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.MetricDeclaration;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A bandwidth run over several devices, as far as its names go: the plan on each device, then what
 * spans them.
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
 *
 * @param bandwidth  the plan as asked for, p2p included: what the runs across the devices measure
 * @param own        what each device measures alone, its grids counted on a device: the plan's part
 *                   less what Confidential Computing forbids; empty when nothing is left
 * @param devices    each device's part in the names, in the order selected
 * @param concurrent whether the devices also copy at once ({@code --concurrent})
 */
public record MultiDevicePlan(BandwidthPlan bandwidth, Optional<BandwidthPlan> own, List<DeviceNames> devices,
                              boolean concurrent) {
    public MultiDevicePlan {
        devices = List.copyOf(devices);
    }

    /** Each device measuring the plan's own part as it is (nothing forbidden, the grids as given). */
    public MultiDevicePlan(BandwidthPlan bandwidth, List<DeviceNames> devices, boolean concurrent) {
        this(bandwidth, bandwidth.perDevice(), devices, concurrent);
    }

    /** What one device contributes to the declarations: its index, whether its link is known, and its name nodes. */
    public record DeviceNames(int index, boolean linkKnown, List<Integer> nameNodes) {
        public DeviceNames {
            nameNodes = List.copyOf(nameNodes);
        }
    }

    /** The names the run will produce, before anything is measured. */
    public List<MetricDeclaration> declarations() {
        List<MetricDeclaration> out = new ArrayList<>();
        own.ifPresent(alone -> {
            for (DeviceNames d : devices) {
                for (MetricDeclaration m : alone.declarations(d.linkKnown(), d.nameNodes())) {
                    out.add(m.withNameSuffix(DeviceSelection.nameSuffix(d.index())));
                }
            }
        });
        List<Integer> indices = devices.stream().map(DeviceNames::index).toList();
        if (concurrent) {
            out.addAll(new ConcurrentPlan(bandwidth, indices).declarations(
                    index -> devices.stream().anyMatch(d -> d.index() == index && d.linkKnown())));
        }
        if (bandwidth.peerCopies()) {
            out.addAll(new PeerPlan(bandwidth, indices).declarations());
        }
        return out;
    }
}
