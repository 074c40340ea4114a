package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code --copy staged}, xfer's own: threads copy through a ring of pinned slots while the copy
 * engine drains it, each result beside its two ceilings. It is for memory the copy engine cannot
 * read directly (pageable, heap); page-locked kinds take the driver's path instead.
 */
final class StagedPath implements PathDefinition {
    @Override
    public String label() {
        return "staged";
    }

    @Override
    public boolean appliesTo(HostMemoryKind memory) {
        return !memory.isPageLocked();
    }

    @Override
    public void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                          List<Integer> pieces) {
        if (memories.stream().allMatch(HostMemoryKind::isPageLocked)) {
            throw new IllegalArgumentException("--copy staged stages pageable or heap memory, and --memory has"
                    + " neither (" + memories.stream().map(HostMemoryKind::label).collect(Collectors.joining(","))
                    + "): add pageable or heap");
        }
        if (!directions.contains(CopyDirection.H2D) && !directions.contains(CopyDirection.D2H)) {
            throw new IllegalArgumentException("--copy staged measures h2d and d2h, and --direction has neither");
        }
    }

    @Override
    public CopyNoise noise() {
        return CopyNoise.STAGING_LANES;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.staged(memory, size, reference);
    }
}
