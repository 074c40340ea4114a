package dev.xfer.app.placement;

import dev.xfer.host.CpuSet;
import dev.xfer.host.ThreadBinding;
import dev.xfer.host.PlacementException;
import dev.xfer.host.ThreadPlacement;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs work on the calling thread placed on a {@link NodeTarget}: the thread bound to the
 * target's CPUs and its memory policy bound to the node for the duration, both put back after.
 * Host buffers the work allocates and fills itself land on the node, because pages are placed
 * when first touched.
 */
public final class PlacedRun {
    private PlacedRun() {
    }

    /** What the work returned, and the target with the CPUs the thread really ran on. */
    public record Result<T>(T value, NodeTarget target) {
    }

    /**
     * @throws UnsupportedOperationException when a node is asked for off Linux x86-64
     * @throws PlacementException            when the kernel refuses the binding
     */
    public static <T> Result<T> run(NodeTarget target, Supplier<T> work) {
        if (!target.placed()) {
            return new Result<>(work.get(), target);
        }
        List<Integer> cpus = List.copyOf(target.cpus().cpus());
        try (ThreadBinding placed = ThreadBinding.onNode(target.node().getAsInt(), cpus)) {
            NodeTarget actual = cpus.isEmpty() ? target
                    : new NodeTarget(target.node(), CpuSet.of(placed.cpus().cpus()));
            return new Result<>(work.get(), actual);
        }
    }

    /**
     * Moves memory the process had already touched (pages glibc reuses for a new allocation) to
     * the target's node; does nothing when it has none or the kernel will not move them. Only
     * for memory that is not page-locked: pinned pages cannot move.
     */
    public static void settle(MemorySegment segment, NodeTarget target) {
        if (!target.placed() || !segment.isNative() || !ThreadPlacement.isSupported()) {
            return;
        }
        try {
            ThreadPlacement.moveToNode(segment, target.node().getAsInt());
        } catch (PlacementException e) {
            // Where the pages ended up is sampled and reported anyway.
        }
    }
}
