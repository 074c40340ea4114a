package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code --copy tma}, xfer's TMA copy ({@code tma_copy}, compute capability 9.0 and up): Hopper's
 * bulk-copy unit moves chunks global -> shared -> global through shared-memory stages, an mbarrier
 * counting each load's bytes in; reaches what the copy kernel reaches ({@link KernelReach}). Below
 * 9.0 its configurations are waived ({@link TmaSupport}). One row per grid of {@code --blocks};
 * h2d, d2h and d2d; p2p on the issuing GPU, one block per SM of it, as the copy kernel's p2p rows
 * (a pair with a GPU below 9.0 waived, {@link dev.xfer.app.bandwidth.peer.PeerAbsences}).
 */
final class TmaPath implements PathDefinition {
    @Override
    public String label() {
        return "tma";
    }

    @Override
    public boolean appliesTo(HostMemoryKind memory) {
        return true;
    }

    @Override
    public boolean launchesGrid() {
        return true;
    }

    /** The TMA copies one way at a time: a plan of bidir alone would have no TMA row, and said nothing. */
    @Override
    public void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                          List<Integer> pieces) {
        if (!directions.isEmpty() && directions.stream().allMatch(d -> d == CopyDirection.BIDIR)) {
            throw new IllegalArgumentException("--copy tma copies one way at a time and has no bidir row: add h2d,"
                    + " d2h, d2d or p2p, or measure bidir with --copy driver or kernel");
        }
    }

    /** {@code cp.async.bulk} takes the peer's memory by its address under unified addressing, as the copy kernel's loads do. */
    @Override
    public boolean measuresPeers() {
        return true;
    }

    @Override
    public GridLaunch launch(XferKernels kernels) {
        return TmaCopy.of(kernels);
    }

    /** {@code blocks} blocks of {@code tma_copy}'s one warp. */
    @Override
    public LaunchShape grid(int blocks) {
        return LaunchShape.tmaBlocks(blocks);
    }

    /** The SMs reach host memory through the mapped pointer, as the copy kernel's do: CC forbids it alike. */
    @Override
    public Optional<ConfidentialComputingRefusal> refusedByConfidentialComputing() {
        return Optional.of(new ConfidentialComputingRefusal(ConfidentialComputingRules.TMA,
                ConfidentialComputingRules.TMA_D2D));
    }

    @Override
    public Optional<String> absentBecause(DeviceOffer offer) {
        return offer.tma().absentBecause(offer.index());
    }

    /** Every TMA configuration of the plan, each grid of {@code grids}: h2d and d2h of each kind it serves, then d2d. */
    @Override
    public List<Waiver> waivers(BandwidthPlan plan, List<Integer> grids, OptionalInt node, String reason) {
        List<Waiver> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (CopyDirection d : plan.directions()) {
                if (d != CopyDirection.H2D && d != CopyDirection.D2H) {
                    continue;
                }
                for (HostMemoryKind memory : plan.memories()) {
                    if (plan.pathsFor(memory).contains(CopyPath.TMA)) {
                        for (int g : grids) {
                            out.add(new Waiver(ConfigurationLabel.of(memory, CopyPath.TMA,
                                    Optional.of(grid(g)), d.label(), size).text(), reason));
                        }
                    }
                }
            }
            if (plan.directions().contains(CopyDirection.D2D)) {
                for (int g : grids) {
                    out.add(new Waiver(new ConfigurationLabel("device", CopyPath.TMA,
                            Optional.of(grid(g)), CopyDirection.D2D.label(), size).text(), reason));
                }
            }
        }
        return out;
    }

    /** {@code tma_copy} in each grid, its blocks counted as the TMA copy launches them. */
    @Override
    public List<KernelInitiator> gridInitiators(GridLaunching on) {
        GridLaunch tma = launch(on.kernels());
        return on.grids().stream().map(g -> KernelInitiator.of(CopyPath.TMA, tma, grid(g), on.timing(), on.timed(),
                on.gate(), on.stream())).toList();
    }

    @Override
    public CopyNoise noise() {
        return CopyNoise.UNCLASSED;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.tma(memory, size, reference);
    }
}
