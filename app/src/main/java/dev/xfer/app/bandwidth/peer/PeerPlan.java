package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;

/**
 * The GPU-to-GPU copies ({@code --direction p2p}) a bandwidth plan makes over the selected devices:
 * every ordered pair the plan's {@link dev.xfer.app.bandwidth.PairChoice} picks (every one by
 * default), in each form, path and size.
 *
 * @param bandwidth the plan whose sizes, forms ({@code --initiation}) and paths ({@code --copy}) apply
 * @param devices   the CUDA indices, in the order selected
 */
public record PeerPlan(BandwidthPlan bandwidth, List<Integer> devices) {
    public PeerPlan {
        devices = List.copyOf(devices);
    }

    /** The names the pairs will produce, before anything is measured ({@link PeerResult} says how). */
    public List<MetricDeclaration> declarations() {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : bandwidth.sizes()) {
            for (Initiation initiation : bandwidth.peerInitiations()) {
                for (GpuPair pair : bandwidth.pairs().resolve(devices)) {
                    for (CopyPath copy : PeerBenchmark.paths(bandwidth)) {
                        for (boolean bidir : List.of(false, true)) {
                            out.add(RunResult.declaration(ResultNames.of(PeerResult.identity(pair.src(), pair.dst(),
                                    size, bidir, copy, initiation)), Quantity.GIGABYTES_PER_SECOND, false));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * The configurations of the chosen pairs that a GPU of the pair cannot run ({@code absent}: the
     * TMA copy below compute capability 9.0), one way and both ways, each form and size, named as
     * their rows would be ({@code p2p tma 0->2 4096 B}, {@code p2p-bidir-read tma 0<->2 4096 B}) and
     * waived with the reason of the pair's first GPU that lacks the path, in the order the rows
     * would be measured: what spans the GPUs and is not measured, the document's own {@code waived}.
     */
    public List<Waiver> waivedPairs(PeerAbsences absent) {
        List<Waiver> out = new ArrayList<>();
        for (long size : bandwidth.sizes()) {
            for (Initiation initiation : bandwidth.peerInitiations()) {
                for (GpuPair pair : bandwidth.pairs().resolve(devices)) {
                    for (CopyPath copy : PeerBenchmark.paths(bandwidth)) {
                        absent.between(copy, pair.src(), pair.dst()).ifPresent(why -> out.addAll(List.of(
                                new Waiver(PeerResult.configuration(pair.src(), pair.dst(), size, copy, initiation), why),
                                new Waiver(PeerResult.bidirConfiguration(pair.src(), pair.dst(), size, copy, initiation),
                                        why))));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Every GPU-to-GPU configuration of {@code plan} waived with {@code why}, named as its rows
     * would be without the pair ({@code p2p 16777216 B}, {@code p2p-read kernel 4096 B}): what a
     * run that found one GPU says instead of measuring them (nvbandwidth waives its
     * {@code device_to_device_*} cases the same way).
     */
    public static List<Waiver> waived(BandwidthPlan plan, String why) {
        List<Waiver> out = new ArrayList<>();
        for (long bytes : plan.sizes()) {
            for (Initiation initiation : plan.peerInitiations()) {
                for (CopyPath copy : PeerBenchmark.paths(plan)) {
                    String via = !copy.namedInLabels() ? "" : copy.label() + " ";
                    String form = PeerResult.form(initiation);
                    out.add(new Waiver("p2p" + form + " " + via + bytes + " B", why));
                    out.add(new Waiver("p2p-bidir" + form + " " + via + bytes + " B", why));
                }
            }
        }
        return out;
    }
}
