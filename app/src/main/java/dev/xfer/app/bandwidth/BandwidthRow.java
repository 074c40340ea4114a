package dev.xfer.app.bandwidth;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.SequencedMap;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * One bandwidth result as a document's {@code results} entry (and a JSON Lines result record).
 * The driver's rows are as they always were: {@code percentOfLink}, {@code numaNode} and
 * {@code hostMemoryNodes} are {@code null} when there is none. A row of another path says which
 * ({@code copy}), a staged one what bounds it ({@code ceiling}), a kernel one its grid
 * ({@code blocks}, {@code threadsPerBlock}), a batch-api one the copies its buffer was split into
 * ({@code pieces}); a row measured on several host allocations the best
 * and worst of their medians ({@code allocations}).
 */
public record BandwidthRow(String memory, String direction, long bytes, Summary gbps,
                           Summary microseconds, @JsonInclude(ALWAYS) OptionalDouble percentOfLink,
                           boolean verified, @JsonInclude(ALWAYS) OptionalInt numaNode,
                           @JsonInclude(ALWAYS) Optional<SequencedMap<String, Integer>> hostMemoryNodes,
                           Optional<String> copy, Optional<Ceiling> ceiling, OptionalInt blocks,
                           OptionalInt threadsPerBlock, Optional<Allocations> allocations,
                           OptionalInt pieces) implements Row {

    /** The words of {@code memory}: a host memory kind, or {@code device} (a device-local d2d row). */
    public static final List<String> MEMORY = MeasuredMemory.labels();

    /**
     * The words of {@code direction}, from {@link RowDirection}: each of a bidirectional run's two
     * rows names its own, and p2p rows are a section of their own. Derived, so a new direction is a
     * row's word without a list to keep.
     */
    public static final List<String> DIRECTIONS = RowDirection.labels();

    /** The words of {@code copy}, which the driver's rows leave out: every other {@link CopyPath}. */
    public static final List<String> COPY = java.util.Arrays.stream(CopyPath.values())
            .filter(p -> p != CopyPath.DRIVER).map(CopyPath::label).toList();

    /** Refuses what no run writes: a word outside its field's set, a size below 1 byte. */
    public BandwidthRow {
        Row.oneOf("memory", memory, MEMORY);
        Row.oneOf("direction", direction, DIRECTIONS);
        Row.size(bytes);
        copy.ifPresent(c -> Row.oneOf("copy", c, COPY));
    }

    /** What bounds a staged copy: the host-to-host and pinned rates, the lower of them, and the copy against it. */
    public record Ceiling(Summary h2hGbps, Summary pinnedGbps, String bound, double boundGbps,
                          double percentOfBound) {
        static Ceiling of(StagedCeiling c, double stagedGbps) {
            return new Ceiling(c.h2hGbps(), c.pinnedGbps(), c.bound(),
                    c.boundGbps(), c.percentOfBound(stagedGbps));
        }
    }

    /** Best and worst of the per-allocation medians: what the link can do, and how far placement moved it. */
    public record Allocations(int count, double best, double worst) {
    }

    /** The copy's rate and time, on the path, grid and allocations it ran with. */
    @Override
    public List<Result> results(RowScope scope) {
        return figures(scope).results();
    }

    /** The figures of {@link #results}, which a run hands on while it measures. */
    public RowFigures figures(RowScope scope) {
        RowFigures figures = configuration(scope, memory, direction, bytes, numaNode, copy, blocks, threadsPerBlock,
                pieces).verified(verified);
        allocations.ifPresent(a -> figures.allocations(a.count(), a.best(), a.worst()));
        return figures.rate(GBPS, gbps).figure("microseconds", microseconds);
    }

    /**
     * A configuration that ran but gave no figure, as its row would have been named: its rate
     * unmeasured, with why. The document has a {@link FailureRow} for it; a run hands this on.
     */
    public static RowFigures unmeasured(RowScope scope, Unmeasured u) {
        PathWords path = PathWords.of(u.copy(), u.shape());
        return configuration(scope, u.memory().label(), u.direction().label(), u.bytes(), u.numaNode(), path.copy(),
                path.blocks(), path.threadsPerBlock(), u.pieces()).unmeasured(GBPS, u.reason());
    }

    /**
     * What a row writes of the path that copied: its word ({@code copy}) and a grid path's grid;
     * none of them for the driver's path, whose rows are as they always were.
     */
    private record PathWords(Optional<String> copy, OptionalInt blocks, OptionalInt threadsPerBlock) {
        static PathWords of(CopyPath path, Optional<LaunchShape> shape) {
            if (path == CopyPath.DRIVER) {
                return new PathWords(Optional.empty(), OptionalInt.empty(), OptionalInt.empty());
            }
            return new PathWords(Optional.of(path.label()),
                    shape.map(s -> OptionalInt.of(s.blocks())).orElse(OptionalInt.empty()),
                    shape.map(s -> OptionalInt.of(s.threadsPerBlock())).orElse(OptionalInt.empty()));
        }
    }

    /** The field of a copy's rate. */
    private static final String GBPS = "gbps";

    /** What names a row: its memory, direction, size, node, path, grid and pieces. */
    private static RowFigures configuration(RowScope scope, String memory, String direction, long bytes,
                                            OptionalInt numaNode, Optional<String> copy, OptionalInt blocks,
                                            OptionalInt threadsPerBlock, OptionalInt pieces) {
        return scope.figures().word(IdentityField.MEMORY, "memory", memory)
                .word(IdentityField.DIRECTION, "direction", direction).count(IdentityField.BYTES, "bytes", bytes)
                .count(IdentityField.NUMA_NODE, "numaNode", numaNode).word(IdentityField.COPY, "copy", copy)
                .count(IdentityField.BLOCKS, "blocks", blocks)
                .count(IdentityField.BLOCK_SIZE, "threadsPerBlock", threadsPerBlock)
                .count(IdentityField.PIECES, "pieces", pieces);
    }

    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(true).named(memory).named(copy).named(direction).sized(bytes).verified(verified)
                .placed(numaNode, hostMemoryNodes).row();
    }

    public static BandwidthRow of(BandwidthResult r) {
        PathWords path = PathWords.of(r.copy(), r.shape());
        return new BandwidthRow(r.memory().label(), r.direction().label(), r.bytes(), r.gigabytesPerSecond(),
                r.microseconds(), r.percentOfLink(), r.verified(), r.numaNode(),
                r.hostMemoryNodes().map(HostMemoryNodes::toJson), path.copy(),
                r.copy() == CopyPath.DRIVER ? Optional.empty()
                        : r.ceiling().map(c -> Ceiling.of(c, r.gigabytesPerSecond().median())),
                path.blocks(), path.threadsPerBlock(),
                r.allocations().map(a -> new Allocations(a.count(), a.best(), a.worst())), r.pieces());
    }

    /** Each of {@code results}, in order. */
    public static List<BandwidthRow> rows(List<BandwidthResult> results) {
        return results.stream().map(BandwidthRow::of).toList();
    }
}
