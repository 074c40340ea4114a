package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * {@code --copy tma}, xfer's TMA copy ({@code tma_copy}, compute capability 9.0 and up): Hopper's
 * bulk-copy unit moves chunks global -> shared -> global through shared-memory stages, an mbarrier
 * counting each load's bytes in; reaches what the copy kernel reaches ({@link KernelReach}). Below
 * 9.0 its configurations are waived ({@link TmaSupport}). One row per grid of {@code --blocks};
 * h2d, d2h and d2d, not p2p.
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

    @Override
    public void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                          List<Integer> pieces) {
        if (directions.contains(CopyDirection.P2P)) {
            // The TMA copy between GPUs is not written yet: refused, not left out of the matrices unsaid.
            throw new IllegalArgumentException("--copy tma measures h2d, d2h and d2d, not p2p yet: leave tma out of"
                    + " --copy for --direction p2p");
        }
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.tma(memory, size, reference);
    }
}
