package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.result.Waiver;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

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

    /**
     * Whether the many-GPU patterns ({@code --pattern}) issue their copies by this path: their engine
     * has the copy engines' {@code cudaMemcpyAsync} and the copy kernel only, so any other path's rows
     * there would be the copy engines' under another name. Refused before CUDA otherwise.
     */
    default boolean measuresPatterns() {
        return false;
    }

    /** Whether this path measures bidir (for memory that takes asynchronous copies). */
    default boolean measuresBidir() {
        return false;
    }

    /**
     * Whether the copies between GPUs ({@code --direction p2p}) are measured by this path too: the
     * driver's ({@code cudaMemcpyPeerAsync}), and a path launched on grids ({@link #launch}, in
     * {@link #grid}s of the issuing GPU's SM count), whose kernel reads or writes the other GPU's
     * memory over the peer mapping.
     */
    default boolean measuresPeers() {
        return false;
    }

    /**
     * This path's kernel among {@code kernels}, for a path launched on grids ({@link #launchesGrid}).
     *
     * @throws IllegalStateException for a path the copy engine or the staging lanes run
     */
    default GridLaunch launch(XferKernels kernels) {
        throw new IllegalStateException(label() + " is not launched on a grid");
    }

    /**
     * This path's grid of {@code blocks} blocks, each of its kernel's block size, for a path launched
     * on grids ({@link #launchesGrid}).
     *
     * @throws IllegalStateException for a path the copy engine or the staging lanes run
     */
    default LaunchShape grid(int blocks) {
        throw new IllegalStateException(label() + " is not launched on a grid");
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

    /**
     * Why {@code offer}'s device or runtime cannot run this path at all, decided before anything is
     * launched; its configurations are then waived ({@link #waivers}), never launched. Empty (the
     * default) where it can.
     */
    default Optional<String> absentBecause(DeviceOffer offer) {
        return Optional.empty();
    }

    /**
     * The configurations of {@code plan} this path would measure, named as their rows would be, each
     * waived for {@code reason}: what a device without the path reports instead of rows. Every path
     * that can be absent ({@link #absentBecause}) names its own.
     *
     * @param grids the resolved {@code --blocks}, for a path launched on grids
     * @param node  the NUMA node of the pass, for a path whose waivers name it
     */
    default List<Waiver> waivers(BandwidthPlan plan, List<Integer> grids, OptionalInt node, String reason) {
        return List.of();
    }

    /**
     * What Confidential Computing forbids of this path over host memory (the GPU may not reach a
     * confidential VM's memory as the path does), each waiver's reason; empty (the default) where CC
     * only sends its copies through the encrypted bounce buffer.
     */
    default Optional<ConfidentialComputingRefusal> refusedByConfidentialComputing() {
        return Optional.empty();
    }

    /**
     * How compare and fleet group this path's rows for their noise floors: by what moves the bytes,
     * as its between-run spread follows it.
     */
    CopyNoise noise();

    /**
     * This path's initiator on each of the run's grids, for a path launched on grids
     * ({@link #launchesGrid}); none (the default) for one the copy engine or the staging lanes run.
     */
    default List<KernelInitiator> gridInitiators(GridLaunching on) {
        return List.of();
    }

    /** This path's rows of one size and memory kind: the round trip, checked, through {@code trips}' loop and rows. */
    void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference);
}
