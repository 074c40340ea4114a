package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.PlacedRun;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.function.Function;

/** A run's host buffers as it places them: first touched on its node, and where their pages really are. */
final class PlacedHost {
    private final NodeTarget target;
    private final Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes;

    PlacedHost(NodeTarget target, Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes) {
        this.target = target;
        this.pageNodes = pageNodes;
    }

    /** Pages placed by their first touch (pageable memory's) put on the run's node, by touching them from its thread. */
    void settle(HostMemoryKind memory, MemorySegment segment) {
        if (memory.placedByTouch()) {
            PlacedRun.settle(segment, target);
        }
    }

    /** The host buffer's memory, placed as the run asks and holding the reference pattern. */
    MemorySegment filled(HostMemoryKind memory, HostBuffer host, MemorySegment reference, long size) {
        MemorySegment segment = host.segment();
        settle(memory, segment);
        MemorySegment.copy(reference, 0, segment, 0, size);
        return segment;
    }

    /** Pages are sampled only for a placed run: an unplaced run asked no question about them. */
    Optional<HostMemoryNodes> where(MemorySegment segment) {
        return target.placed() ? pageNodes.apply(segment) : Optional.empty();
    }
}
