package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * One copy path of {@code --copy} as a plug-in, after nvbandwidth's {@code MemcpyInitiator}: its
 * label, its reach (the memory kinds and directions it serves), the rows it adds per configuration,
 * its plan's validity rules and its round trip, all in one file. {@link CopyPath} registers each
 * one; the rest of the code asks the path, never switches over it.
 */
interface PathDefinition {

    /** The name on the command line and in results, e.g. {@code batch-api}. */
    String label();

    /** Whether this path measures {@code memory} at all; the device may still leave kinds out ({@link KernelReach}). */
    boolean appliesTo(HostMemoryKind memory);

    /** Whether this path is launched on a grid of {@code --blocks}, one row per grid. */
    default boolean launchesGrid() {
        return false;
    }

    /** Whether each buffer is split into each count of {@code --pieces}, one row per count. */
    default boolean splitsIntoPieces() {
        return false;
    }

    /** Whether this path measures bidir (for memory that takes asynchronous copies). */
    default boolean measuresBidir() {
        return false;
    }

    /**
     * Whether its configurations' names say the path: every path but the driver's, which is what a
     * name without one has always meant.
     */
    default boolean namedInLabels() {
        return true;
    }

    /**
     * Refuses a plan this path cannot measure, with one line for the user; nothing when it can.
     *
     * @throws IllegalArgumentException saying what to change
     */
    default void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                           List<Integer> pieces) {
    }

    /** This path's rows of one size and memory kind: the round trip, checked, through {@code trips}' loop and rows. */
    void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference);
}
