package dev.xfer.app.bandwidth;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a bandwidth run measures: every size x memory kind x direction (x copy path, for memory
 * that can be staged), each with warm-up copies and timed iterations.
 *
 * @param copies  the paths asked for ({@code --copy}): the staged one applies to pageable and heap
 *                memory only (page-locked kinds then take the driver's), the kernel's to every kind
 *                the device lets a kernel reach
 * @param staging how the staged path is set up; used only when {@code copies} has {@link CopyPath#STAGED}
 * @param blocks  the grid sizes ({@code --blocks}) of the copy kernel, the TMA copy and the read-only and
 *                write-only kernels; used only when one of them is in the plan ({@link #launchesGrids})
 * @param allocations how many separately allocated host buffers each driver-path h2d/d2h configuration is
 *                measured on ({@code --allocations}): each new allocation of page-locked memory can land
 *                on slower memory, so one run sees that spread for itself
 * @param warmupNanos the least time each configuration's warm-up lasts, beside {@code warmup} copies
 * @param kernelTiming what one timed sample of a kernel copy holds and how it starts; used only when
 *                {@code copies} has {@link CopyPath#KERNEL}
 * @param peerInitiations which GPU issues each copy between GPUs ({@code --initiation} with
 *                {@code p2p}), in the order given: write (the source, the default) or read (the
 *                destination), or both; anything but write alone needs {@link CopyDirection#P2P}
 * @param pieces  the copies each batch-api configuration splits its buffer into, one row per count
 *                ({@code --pieces}); used only when {@code copies} has {@link CopyPath#BATCH_API}
 * @param pairs   which ordered GPU pairs the copies between GPUs take part in ({@code --pair},
 *                {@code --pairs}): every pair unless one was asked for
 */
public record BandwidthPlan(
        List<Long> sizes,
        List<HostMemoryKind> memories,
        List<CopyDirection> directions,
        int iterations,
        int warmup,
        CopyTimer timer,
        List<CopyPath> copies,
        StagingConfig staging,
        BlockCounts blocks,
        int allocations,
        long warmupNanos,
        KernelTiming kernelTiming,
        List<Initiation> peerInitiations,
        List<Integer> pieces,
        PairChoice pairs) {

    /** The most {@code --allocations}: each one pins a buffer of the largest size anew. */
    public static final int MAX_ALLOCATIONS = 64;

    /**
     * 8 lanes of 4 slots of 2 MiB: chosen on the H200 machine (16 cores) from a sweep of threads,
     * slot size and slot count at 64 MiB and 1 GiB; see docs/staged-copies.md.
     */
    public static final StagingConfig DEFAULT_STAGING = new StagingConfig(8, 4, 2L << 20, HostCopy.LIBC);

    /** The most {@code --pieces}: a call's three arrays of a million entries take 24 MB. */
    public static final int MAX_PIECES = 1 << 20;

    /** The default {@code pieces}: the buffer as one copy of one call. */
    public static final List<Integer> ONE_PIECE = List.of(1);

    /** The default {@code peerInitiations}: the GPU holding the data issues each copy. */
    private static final List<Initiation> WRITE_ONLY = List.of(Initiation.WRITE);

    public BandwidthPlan {
        sizes = List.copyOf(sizes);
        memories = List.copyOf(memories);
        directions = List.copyOf(directions);
        copies = copies.stream().distinct().toList();
        Objects.requireNonNull(staging, "staging");
        Objects.requireNonNull(blocks, "blocks");
        Objects.requireNonNull(kernelTiming, "kernelTiming");
        Objects.requireNonNull(pairs, "pairs");
        peerInitiations = peerInitiations.stream().distinct().toList();
        pieces = pieces.stream().distinct().toList();
        if (pieces.isEmpty()) {
            throw new IllegalArgumentException("--pieces needs a count");
        }
        for (int p : pieces) {
            if (p < 1 || p > MAX_PIECES) {
                throw new IllegalArgumentException("--pieces must be 1 to " + MAX_PIECES + ", not " + p);
            }
        }
        if (!pieces.equals(ONE_PIECE) && copies.stream().noneMatch(CopyPath::splitsIntoPieces)) {
            throw new IllegalArgumentException("--pieces splits each buffer of --copy batch-api: it needs"
                    + " --copy batch-api");
        }
        // Each path's own rules (PathDefinition#checkPlan), in the order the paths were asked for.
        for (CopyPath path : copies) {
            path.checkPlan(sizes, memories, directions, pieces);
        }
        if (sizes.isEmpty() || memories.isEmpty() || directions.isEmpty()) {
            throw new IllegalArgumentException("a bandwidth plan needs at least one size, memory kind and direction");
        }
        if (copies.isEmpty()) {
            throw new IllegalArgumentException("--copy needs driver, staged, kernel or tma, or several");
        }
        if (peerInitiations.isEmpty()) {
            throw new IllegalArgumentException("--initiation needs write or read, or both");
        }
        if (!peerInitiations.equals(WRITE_ONLY) && !directions.contains(CopyDirection.P2P)) {
            throw new IllegalArgumentException("--initiation picks which GPU issues a copy between GPUs: it needs"
                    + " --direction p2p");
        }
        boolean grids = copies.stream().anyMatch(CopyPath::launchesGrid)
                || directions.stream().anyMatch(CopyDirection::kernelOnly);
        if (blocks.given() && !grids) {
            throw new IllegalArgumentException("--blocks sets the copy kernel's grid: it needs --copy kernel or tma,"
                    + " or --direction d2d-read or d2d-write");
        }
        // Bidir queues both ways at once: a kind that allows no asynchronous copy (heap) has no bidir row.
        if (directions.stream().allMatch(d -> d == CopyDirection.BIDIR)
                && memories.stream().noneMatch(HostMemoryKind::allowsAsyncCopies)) {
            throw new IllegalArgumentException("--direction bidir queues both ways at once, and --memory "
                    + memories.stream().map(HostMemoryKind::label).collect(java.util.stream.Collectors.joining(","))
                    + " allows no asynchronous copy (a heap array may move): add pinned or pageable, or another direction");
        }
        // A copy between GPUs runs one block per SM of its issuing GPU, whatever --blocks says.
        if (blocks.given() && directions.stream().allMatch(d -> d == CopyDirection.P2P)) {
            throw new IllegalArgumentException("--blocks sets the grid of the host and d2d rows, and a copy between"
                    + " GPUs (p2p) runs one block per SM of its issuing GPU: add h2d, d2h or d2d, or leave --blocks out");
        }
        if (!kernelTiming.isDefault() && !grids) {
            throw new IllegalArgumentException("the --kernel-* options set the copy kernel's samples: they need"
                    + " --copy kernel or tma, or --direction d2d-read or d2d-write");
        }
        if ((kernelTiming.gated() || kernelTiming.leadIn()) && timer != CopyTimer.EVENTS) {
            throw new IllegalArgumentException("--kernel-gate and --kernel-lead-in keep work out of the events'"
                    + " time: they need --timer events");
        }

        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        if (allocations < 1 || allocations > MAX_ALLOCATIONS) {
            throw new IllegalArgumentException("--allocations must be 1 to " + MAX_ALLOCATIONS + ", not " + allocations);
        }
        // Only the driver's h2d and d2h take fresh host buffers per allocation; elsewhere the count would be
        // written in the document and measured nowhere.
        if (allocations > 1 && !(copies.contains(CopyPath.DRIVER)
                && (directions.contains(CopyDirection.H2D) || directions.contains(CopyDirection.D2H)))) {
            throw new IllegalArgumentException("--allocations " + allocations + " repeats the driver's h2d and d2h"
                    + " copies on fresh host buffers: it needs --copy driver and --direction h2d or d2h");
        }
        if (warmupNanos < 0) {
            throw new IllegalArgumentException("a warm-up time must not be negative, not " + warmupNanos + " ns");
        }
    }

    /** Every GPU pair. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         BlockCounts blocks, int allocations, long warmupNanos, KernelTiming kernelTiming,
                         List<Initiation> peerInitiations, List<Integer> pieces) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, allocations, warmupNanos,
                kernelTiming, peerInitiations, pieces, PairChoice.EVERY);
    }

    /** This plan with its copies between GPUs over the pairs {@code choice} picks ({@code --pair}, {@code --pairs}). */
    public BandwidthPlan withPairs(PairChoice choice) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks,
                allocations, warmupNanos, kernelTiming, peerInitiations, pieces, choice);
    }

    /** One piece per batch-api copy. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         BlockCounts blocks, int allocations, long warmupNanos, KernelTiming kernelTiming,
                         List<Initiation> peerInitiations) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, allocations, warmupNanos,
                kernelTiming, peerInitiations, ONE_PIECE);
    }

    /** This plan with each batch-api configuration split into each of {@code counts} copies ({@code --pieces}). */
    public BandwidthPlan withPieces(List<Integer> counts) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks,
                allocations, warmupNanos, kernelTiming, peerInitiations, counts, pairs);
    }

    /** Whether the batch API is among the paths. */
    public boolean batchApiCopies() {
        return copies.contains(CopyPath.BATCH_API);
    }

    /** Copies between GPUs issued by the GPU that holds the data, as they always were. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         BlockCounts blocks, int allocations, long warmupNanos, KernelTiming kernelTiming) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, allocations, warmupNanos,
                kernelTiming, WRITE_ONLY);
    }

    /** The copy kernel's default samples ({@link KernelTiming#DEFAULT}). */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         BlockCounts blocks, int allocations, long warmupNanos) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, allocations, warmupNanos,
                KernelTiming.DEFAULT);
    }

    /** The copy kernel's default grid, one block per SM. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         int allocations, long warmupNanos) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, BlockCounts.DEFAULT, allocations,
                warmupNanos);
    }

    /** One allocation per configuration, the usual warm-up time. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging,
                         BlockCounts blocks) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, 1, Warmup.MIN_NANOS);
    }

    /** This plan measuring each configuration on {@code count} separate host allocations. */
    public BandwidthPlan withAllocations(int count) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks, count,
                warmupNanos, kernelTiming, peerInitiations, pieces, pairs);
    }

    /** This plan with the copy kernel's samples timed as {@code timing} says. */
    public BandwidthPlan withKernelTiming(KernelTiming timing) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks,
                allocations, warmupNanos, timing, peerInitiations, pieces, pairs);
    }

    /** This plan with its copies between GPUs issued as {@code sides} say ({@code --initiation}). */
    public BandwidthPlan withPeerInitiations(List<Initiation> sides) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, blocks,
                allocations, warmupNanos, kernelTiming, sides, pieces, pairs);
    }

    /** A plan with the copy kernel's default grid, one allocation per configuration, the usual warm-up time. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer, List<CopyPath> copies, StagingConfig staging) {
        this(sizes, memories, directions, iterations, warmup, timer, copies, staging, BlockCounts.DEFAULT);
    }

    /** Today's plan: every kind through the driver. */
    public BandwidthPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                         int iterations, int warmup, CopyTimer timer) {
        this(sizes, memories, directions, iterations, warmup, timer, List.of(CopyPath.DRIVER), DEFAULT_STAGING);
    }

    /** Whether any memory takes the staged path. */
    public boolean staged() {
        return copies.contains(CopyPath.STAGED);
    }

    /** This plan with the copy kernel's grids {@code counts} (e.g. {@code --blocks} resolved on one device). */
    public BandwidthPlan withBlocks(BlockCounts counts) {
        return new BandwidthPlan(sizes, memories, directions, iterations, warmup, timer, copies, staging, counts,
                allocations, warmupNanos, kernelTiming, peerInitiations, pieces, pairs);
    }

    /** Whether the copy kernel is among the paths. */
    public boolean kernelCopies() {
        return copies.contains(CopyPath.KERNEL);
    }

    /** Whether the TMA copy is among the paths. */
    public boolean tmaCopies() {
        return copies.contains(CopyPath.TMA);
    }

    /** The device-local directions only the SMs measure ({@code d2d-read}, {@code d2d-write}), in the order given. */
    public List<CopyDirection> readWriteDirections() {
        return directions.stream().filter(CopyDirection::kernelOnly).toList();
    }

    /**
     * Whether any row is launched on a grid of {@code --blocks}: the copy kernel's, the TMA copy's,
     * or the read-only and write-only kernels'. Such a run loads xfer's kernels and counts its grids
     * in the device's SMs.
     */
    public boolean launchesGrids() {
        return copies.stream().anyMatch(CopyPath::launchesGrid) || !readWriteDirections().isEmpty();
    }

    /**
     * Whether results need a copy column: a path other than the driver's was asked for, or d2d-read
     * or d2d-write, whose rows are the SMs'.
     */
    public boolean showsCopyPath() {
        return copies.stream().anyMatch(CopyPath::namedInLabels) || !readWriteDirections().isEmpty();
    }

    /**
     * The paths {@code memory} is measured on, in the order given; the driver's where none of
     * them applies (page-locked memory with {@code --copy staged} alone).
     */
    public List<CopyPath> pathsFor(HostMemoryKind memory) {
        List<CopyPath> paths = copies.stream().filter(p -> p.appliesTo(memory)).toList();
        return paths.isEmpty() ? List.of(CopyPath.DRIVER) : paths;
    }

    /** Whether {@code memory} gets bidir rows: it allows async copies, and the driver's path is among its paths. */
    public boolean measuresBidir(HostMemoryKind memory) {
        return memory.allowsAsyncCopies() && pathsFor(memory).contains(CopyPath.DRIVER);
    }

    /** The paths that measure bidir for {@code memory}: the driver's (see above), and the kernel's. */
    public List<CopyPath> bidirPathsFor(HostMemoryKind memory) {
        return pathsFor(memory).stream().filter(p -> p.measuresBidir() && memory.allowsAsyncCopies()).toList();
    }

    /**
     * The paths d2d is measured on: the driver's always (as it always was), and the kernel's and the
     * TMA's when asked for.
     */
    public List<CopyPath> deviceCopyPaths() {
        List<CopyPath> paths = new ArrayList<>(List.of(CopyPath.DRIVER));
        copies.stream().filter(CopyPath::launchesGrid).forEach(paths::add);
        return List.copyOf(paths);
    }

    /** Device memory one size needs at once: two buffers where a copy reads one and writes another on the device. */
    public long deviceBytesNeeded(long size) {
        // d2d-read and d2d-write share d2d's two buffers: the reads read one, the writes write the other.
        boolean twoBuffers = directions.stream().anyMatch(CopyDirection::deviceLocal)
                || directions.contains(CopyDirection.BIDIR);
        return twoBuffers ? Math.multiplyExact(size, 2) : size;
    }

    /** Whether any direction moves host memory (otherwise the memory kinds play no part). */
    public boolean measuresHostCopies() {
        return directions.stream().anyMatch(CopyDirection::crossesLink);
    }

    /** Whether GPU-to-GPU copies ({@link CopyDirection#P2P}) are asked for. */
    public boolean peerCopies() {
        return directions.contains(CopyDirection.P2P);
    }

    /**
     * The part of this plan each device runs on its own: every direction but {@code p2p}, which
     * spans devices; empty when {@code p2p} is all there is.
     */
    public Optional<BandwidthPlan> perDevice() {
        List<CopyDirection> own = directions.stream().filter(d -> d != CopyDirection.P2P).toList();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        // --initiation is p2p's alone: the devices' own plan leaves it at its default.
        return Optional.of(own.size() == directions.size() ? this
                : new BandwidthPlan(sizes, memories, own, iterations, warmup, timer, copies, staging, blocks,
                allocations, warmupNanos, kernelTiming, WRITE_ONLY, pieces));
    }

    /**
     * The number of per-device result rows, for progress: h2d and d2h one per memory kind and path, bidir
     * two (bidir-h2d, bidir-d2h) per kind and path that measure it, d2d one per path; p2p none (its rows
     * are a matrix of device pairs, counted apart). A kernel row counts once per grid size of
     * {@code kernelGrids} (the resolved {@code --blocks}); rows a device cannot reach are counted
     * anyway, so progress may end early rather than overrun.
     */
    public int configurations(int kernelGrids) {
        long perSize = 0;
        for (CopyDirection direction : directions) {
            perSize += switch (direction) {
                case H2D, D2H -> memories.stream().mapToLong(m -> rows(pathsFor(m), kernelGrids)).sum();
                // One-vector bidir picks its own grid by size: one kernel row pair whatever --blocks says.
                case BIDIR -> 2 * memories.stream().mapToLong(m -> rows(bidirPathsFor(m),
                        kernelTiming.bidir() == KernelTiming.Bidir.ONE_VECTOR ? 1 : kernelGrids)).sum();
                case D2D -> rows(deviceCopyPaths(), kernelGrids);
                case D2D_READ, D2D_WRITE -> kernelGrids;
                case P2P -> 0;
            };
        }
        return (int) (perSize * sizes.size());
    }

    /** {@link #configurations(int)} with one grid size: the default, or before the device is known. */
    public int configurations() {
        return configurations(1);
    }

    private long rows(List<CopyPath> paths, int kernelGrids) {
        return paths.stream().mapToLong(p -> p.launchesGrid() ? kernelGrids : p.splitsIntoPieces()
                ? pieces.size() : 1).sum();
    }

    /** The names this plan will produce, before anything is measured ({@link BandwidthResult#identity} says how). */
    public List<MetricDeclaration> declarations(boolean linkKnown) {
        return declarations(linkKnown, List.of());
    }

    /**
     * The names this plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public List<MetricDeclaration> declarations(boolean linkKnown, List<Integer> nameNodes) {
        if (nameNodes.isEmpty()) {
            return declarationsOnce(linkKnown, OptionalInt.empty());
        }
        List<MetricDeclaration> out = new ArrayList<>();
        for (int node : nameNodes) {
            out.addAll(declarationsOnce(linkKnown, OptionalInt.of(node)));
        }
        return out;
    }

    private List<MetricDeclaration> declarationsOnce(boolean linkKnown, OptionalInt node) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : sizes) {
            for (HostMemoryKind memory : memories) {
                for (CopyDirection d : directions) {
                    switch (d) {
                        case H2D, D2H -> {
                            for (CopyPath path : pathsFor(memory)) {
                                for (OptionalInt grid : grids(path)) {
                                    for (OptionalInt piece : piecesOf(path)) {
                                        out.add(declared(memory.label(), path, d.label(), size, grid, node, linkKnown,
                                                piece));
                                    }
                                }
                            }
                        }
                        case BIDIR -> {
                            for (CopyPath path : bidirPathsFor(memory)) {
                                for (OptionalInt grid : bidirGrids(path)) {
                                    for (String way : List.of("bidir-h2d", "bidir-d2h")) {
                                        out.add(declared(memory.label(), path, way, size, grid, node, linkKnown));
                                    }
                                }
                            }
                        }
                        case D2D, D2D_READ, D2D_WRITE, P2P -> { }
                    }
                }
            }
            if (directions.contains(CopyDirection.D2D)) {
                for (CopyPath path : deviceCopyPaths()) {
                    for (OptionalInt grid : grids(path)) {
                        out.add(declared("device", path, "d2d", size, grid, node, false));
                    }
                }
            }
            for (CopyDirection d : readWriteDirections()) {
                for (OptionalInt grid : grids(CopyPath.KERNEL)) {
                    out.add(declared("device", CopyPath.KERNEL, d.label(), size, grid, node, false));
                }
            }
        }
        return out;
    }

    /** A planned result's declaration: named from its identity as the measured one will be. */
    private MetricDeclaration declared(String memory, CopyPath path, String direction, long size, OptionalInt grid,
                                       OptionalInt node, boolean overLink) {
        return declared(memory, path, direction, size, grid, node, overLink, OptionalInt.empty());
    }

    private MetricDeclaration declared(String memory, CopyPath path, String direction, long size, OptionalInt grid,
                                       OptionalInt node, boolean overLink, OptionalInt piece) {
        Identity id = BandwidthResult.identity(memory, path, direction, size, timer, grid, OptionalInt.empty(), node,
                piece);
        return RunResult.declaration(ResultNames.of(id), Quantity.GIGABYTES_PER_SECOND, overLink);
    }

    /** The pieces part of the names of {@code path}'s results: each count for batch-api, none for the others. */
    List<OptionalInt> piecesOf(CopyPath path) {
        return path.splitsIntoPieces() ? pieces.stream().map(OptionalInt::of).toList()
                : List.of(OptionalInt.empty());
    }

    /**
     * The grid part of the names of {@code path}'s results: one empty entry where names carry no
     * grid (other paths, or no {@code --blocks}), else each count (none while they depend on the
     * SM count of a device not yet known).
     */
    private List<OptionalInt> grids(CopyPath path) {
        if (!path.launchesGrid() || !blocks.given()) {
            return List.of(OptionalInt.empty());
        }
        return blocks.fixed().orElse(List.of()).stream().map(OptionalInt::of).toList();
    }

    /**
     * {@link #grids} for bidir rows: the kernel's bidir in one vector per thread takes its grid from
     * the size, not {@code --blocks}, so it has one row pair per memory and size, named without a grid.
     */
    private List<OptionalInt> bidirGrids(CopyPath path) {
        return oneVectorBidir(path, "bidir") ? List.of(OptionalInt.empty()) : grids(path);
    }

    /** Whether the names of {@code path}'s rows in {@code direction} carry their grid: {@link #grids}' rule. */
    boolean namesGrid(CopyPath path, String direction) {
        return blocks.given() && !oneVectorBidir(path, direction);
    }

    private boolean oneVectorBidir(CopyPath path, String direction) {
        return path == CopyPath.KERNEL && direction.startsWith("bidir")
                && kernelTiming.bidir() == KernelTiming.Bidir.ONE_VECTOR;
    }
}
