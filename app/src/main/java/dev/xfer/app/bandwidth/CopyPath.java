package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Who moves the bytes across the link ({@code --copy}): the copy engine, xfer's staging lanes, the
 * SMs, or the SMs' bulk-copy unit (TMA). The one list of paths: each constant is its
 * {@link PathDefinition}'s (label, reach, rows, rules and round trip in its own file), in the order
 * the command line lists them.
 */
public enum CopyPath {
    /** cudaMemcpy on the user's memory ({@link DriverPath}). */
    DRIVER(new DriverPath()),
    /** xfer's staging lanes ({@link StagedPath}). */
    STAGED(new StagedPath()),
    /** xfer's copy kernel on the SMs ({@link KernelPath}). */
    KERNEL(new KernelPath()),
    /** One {@code cudaMemcpyBatchAsync} of {@code --pieces} copies ({@link BatchApiPath}). */
    BATCH_API(new BatchApiPath()),
    /** xfer's TMA copy, compute capability 9.0 and up ({@link TmaPath}). */
    TMA(new TmaPath());

    private final PathDefinition definition;

    CopyPath(PathDefinition definition) {
        this.definition = definition;
    }

    public String label() {
        return definition.label();
    }

    /**
     * Whether this path applies to {@code memory}: staging is for memory the copy engine cannot
     * read directly; the kernel and TMA are asked for every kind, and the device decides which they can
     * reach ({@link KernelReach}).
     */
    public boolean appliesTo(HostMemoryKind memory) {
        return definition.appliesTo(memory);
    }

    /** Whether this path is launched on a grid of {@code --blocks}: the copy kernel and the TMA copy. */
    public boolean launchesGrid() {
        return definition.launchesGrid();
    }

    /** Whether each buffer is split into each count of {@code --pieces}: the batch API. */
    public boolean splitsIntoPieces() {
        return definition.splitsIntoPieces();
    }

    /** Whether the many-GPU patterns issue their copies by this path: the driver and the kernel. */
    public boolean measuresPatterns() {
        return definition.measuresPatterns();
    }

    /** Whether this path measures bidir, for memory that takes asynchronous copies: the driver and the kernel. */
    public boolean measuresBidir() {
        return definition.measuresBidir();
    }

    /**
     * Whether the copies between GPUs ({@code --direction p2p}) are measured by this path too: the
     * driver's always, the copy kernel's and the TMA copy's when {@code --copy} names them.
     */
    public boolean measuresPeers() {
        return definition.measuresPeers();
    }

    /** This path's kernel among {@code kernels}, for a path launched on grids ({@link PathDefinition#launch}). */
    public GridLaunch launch(XferKernels kernels) {
        return definition.launch(kernels);
    }

    /** This path's grid of {@code blocks} blocks, for a path launched on grids ({@link PathDefinition#grid}). */
    public LaunchShape grid(int blocks) {
        return definition.grid(blocks);
    }

    /**
     * Why {@code device} cannot run this path at all (the TMA copy below compute capability 9.0),
     * from what it offers before anything is launched; empty where it can. For the copies between
     * GPUs, which ask it of each GPU of a pair.
     */
    public Optional<String> absentOn(CudaDevice device) {
        return absentBecause(new DeviceOffer(device));
    }

    /** Whether its configurations' names say the path: all but the driver's. */
    public boolean namedInLabels() {
        return definition.namedInLabels();
    }

    /** Refuses a plan this path cannot measure ({@link PathDefinition#checkPlan}). */
    void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                   List<Integer> pieces) {
        definition.checkPlan(sizes, memories, directions, pieces);
    }

    /** This path's rows of one size and memory kind ({@link PathDefinition#measure}). */
    void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        definition.measure(trips, memory, size, reference);
    }

    /** Why this device or runtime cannot run this path at all; empty where it can ({@link PathDefinition#absentBecause}). */
    Optional<String> absentBecause(DeviceOffer offer) {
        return definition.absentBecause(offer);
    }

    /** The plan's configurations of this path, each waived for {@code reason} ({@link PathDefinition#waivers}). */
    List<Waiver> waivers(BandwidthPlan plan, List<Integer> grids, OptionalInt node, String reason) {
        return definition.waivers(plan, grids, node, reason);
    }

    /**
     * What Confidential Computing forbids of this path, if anything ({@link PathDefinition#refusedByConfidentialComputing}):
     * public for the runs that plan their host copies by a path of their own (the many-GPU patterns).
     */
    public Optional<ConfidentialComputingRefusal> refusedByConfidentialComputing() {
        return definition.refusedByConfidentialComputing();
    }

    /** This path's initiator on each of the run's grids ({@link PathDefinition#gridInitiators}). */
    List<KernelInitiator> gridInitiators(GridLaunching on) {
        return definition.gridInitiators(on);
    }

    /** What this path's between-run spread follows, for the verdicts' noise floors. */
    public CopyNoise noise() {
        return definition.noise();
    }

    /** The path of {@code label} as results name it; empty for a name no path has (a newer document's). */
    public static Optional<CopyPath> ofLabel(String label) {
        return Stream.of(values()).filter(p -> p.label().equals(label)).findFirst();
    }

    public static CopyPath fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (CopyPath p : values()) {
            if (p.label().equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--copy takes " + labels() + ", not '" + text + "'");
    }

    /** Every label in order, as a sentence: {@code driver, staged, ... or tma}. */
    private static String labels() {
        CopyPath[] all = values();
        return Stream.of(all).limit(all.length - 1L).map(CopyPath::label).collect(Collectors.joining(", "))
                + " or " + all[all.length - 1].label();
    }

    @Override
    public String toString() {
        return label();
    }
}
