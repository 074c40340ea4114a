package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.AloneRates;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.concurrent.ConcurrentRow;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.bandwidth.peer.PeerRow;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A bandwidth run over several devices: each device's own results (the plan run on it alone, one
 * after another), and what spans the devices: all of them copying at once ({@code --concurrent})
 * and the GPU-to-GPU matrix ({@code --direction p2p}).
 *
 * @param plan       the plan as asked for, p2p included
 * @param devices    each device's own results, in the order selected; a device's results are empty
 *                   when p2p is the only direction
 * @param concurrent what the devices did at once; empty without {@code --concurrent}
 * @param peers      every ordered pair, per size; empty without p2p
 * @param failures   data that came back wrong in the concurrent or p2p copies (each device's own
 *                   failures are in its own results)
 * @param waived     what spans the GPUs and was not measured, each with why: a pair's TMA rows where a
 *                   GPU of it is below compute capability 9.0 (each device's own are in its results)
 */
public record MultiDeviceResults(BandwidthPlan plan, List<BandwidthResults> devices,
                                Optional<List<ConcurrentResult>> concurrent, Optional<List<PeerResult>> peers,
                                List<VerificationFailure> failures, List<Waiver> waived) {

    public MultiDeviceResults {
        devices = List.copyOf(devices);
        concurrent = concurrent.map(List::copyOf);
        peers = peers.map(List::copyOf);
        failures = List.copyOf(failures);
        waived = List.copyOf(waived);
        if (devices.size() < 2) {
            throw new IllegalArgumentException("a run over several devices needs at least two, not " + devices.size());
        }
    }

    /** A run that waived nothing across the GPUs. */
    public MultiDeviceResults(BandwidthPlan plan, List<BandwidthResults> devices,
                              Optional<List<ConcurrentResult>> concurrent, Optional<List<PeerResult>> peers,
                              List<VerificationFailure> failures) {
        this(plan, devices, concurrent, peers, failures, List.of());
    }

    /** The CUDA indices, in the order measured. */
    public List<Integer> indices() {
        return devices.stream().map(r -> r.context().device().index()).toList();
    }

    /** Whether every device's data and every concurrent and p2p copy's data came back right. */
    public boolean verified() {
        return failures.isEmpty() && devices.stream().allMatch(BandwidthResults::verified);
    }

    /** The concurrent results with each one's sum of the GPUs' medians alone filled in from the devices' own results. */
    public static List<ConcurrentResult> withAloneSums(List<ConcurrentResult> concurrent, List<BandwidthResults> devices) {
        return new AloneRates(devices).withSums(concurrent);
    }

    /** One device's results, named apart with {@code .gpuN} ({@link MultiDevicePlan} says how). */
    public static RunResults deviceRunResults(BandwidthResults device, OptionalDouble linkGBps) {
        return device.runResults(linkGBps).withNameSuffix(DeviceSelection.nameSuffix(device.context().device().index()));
    }

    /**
     * The results that span the devices: all at once (when they copied at once), then the GPU-to-GPU
     * pairs with what of them was waived.
     *
     * @param linkGBps each device's link rate, in the order selected
     */
    public List<RunResults> spanningRunResults(List<OptionalDouble> linkGBps) {
        List<RunResults> out = new ArrayList<>();
        concurrentRunResults(linkGBps).ifPresent(out::add);
        peerRunResults().ifPresent(out::add);
        return out;
    }

    /**
     * What the devices did at once, as the document's {@code concurrent} rows derive it
     * ({@link ConcurrentRow#runResults}); empty without {@code --concurrent}.
     *
     * @param linkGBps each device's link rate, in the order selected
     */
    public Optional<RunResults> concurrentRunResults(List<OptionalDouble> linkGBps) {
        return concurrent.map(c -> ConcurrentRow.runResults(across("concurrent"), c, linkGBps));
    }

    /**
     * The GPU-to-GPU pairs, as the document's {@code p2p} rows derive them ({@link PeerRow#runResults}),
     * with what of them was waived; empty without p2p.
     */
    public Optional<RunResults> peerRunResults() {
        return peers.map(p -> PeerRow.runResults(across("p2p"), p).withWaived(waived));
    }

    /** Where the rows of the document's {@code section} that span the devices stand: the plan's identity fields beside them. */
    private RowScope across(String section) {
        return RowScope.of(section, Identity.BANDWIDTH, MultiDeviceParameters.of(this));
    }
}
