package dev.xfer.app.output;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * What a gate reads of one row besides its figures ({@link MeasuringDocument.Row}), as the row's
 * record tells it ({@link Row#status}): whether it holds a figure to judge, the values that name it
 * in a failure's line, its own check, and where its host memory sat.
 */
public final class RowStatus {
    private final boolean judged;
    private final List<String> naming = new ArrayList<>();
    private Optional<Boolean> verified = Optional.empty();
    private Optional<Boolean> withinTolerance = Optional.empty();
    private OptionalDouble maxError = OptionalDouble.empty();
    private boolean synchronizedRun;
    private OptionalLong wrongTrials = OptionalLong.empty();
    private OptionalLong trials = OptionalLong.empty();
    private Optional<String> verdict = Optional.empty();
    private final List<String> placement = new ArrayList<>();

    private RowStatus(boolean judged) {
        this.judged = judged;
    }

    /** A row that holds a figure to judge ({@code judged}: a summary, or a check's tally), or none. */
    public static RowStatus judged(boolean judged) {
        return new RowStatus(judged);
    }

    /** The next value that names the row ({@code pinned}, {@code h2d}), in the order a name joins them. */
    public RowStatus named(String word) {
        naming.add(word);
        return this;
    }

    public RowStatus named(Optional<String> word) {
        word.ifPresent(this::named);
        return this;
    }

    /** The row's copy size, as a name shows it ({@code 64MiB}). */
    public RowStatus sized(long bytes) {
        return named(ByteSize.ofBytes(bytes).format());
    }

    public RowStatus verified(boolean ok) {
        verified = Optional.of(ok);
        return this;
    }

    public RowStatus verified(Optional<Boolean> ok) {
        verified = ok;
        return this;
    }

    public RowStatus withinTolerance(boolean ok, OptionalDouble maxError) {
        withinTolerance = Optional.of(ok);
        this.maxError = maxError;
        return this;
    }

    /** check's tally: the trials, how many were wrong, whether they were synchronized, and the verdict. */
    public RowStatus tally(boolean synchronizedRun, long trials, long wrongTrials, OptionalDouble maxError,
                           String verdict) {
        this.synchronizedRun = synchronizedRun;
        this.trials = OptionalLong.of(trials);
        this.wrongTrials = OptionalLong.of(wrongTrials);
        this.maxError = maxError;
        this.verdict = Optional.of(verdict);
        return this;
    }

    /** The NUMA node its host memory was bound to, and the nodes its sampled pages sat on, each where known. */
    public RowStatus placed(OptionalInt numaNode, Optional<? extends Map<String, Integer>> pages) {
        numaNode.ifPresent(node -> placement.add("numa-node " + node));
        TreeSet<String> nodes = new TreeSet<>(pages.map(Map::keySet).orElse(java.util.Set.of()));
        if (!nodes.isEmpty()) {
            placement.add("pages on node " + String.join("+", nodes));
        }
        return this;
    }

    /** The row's status, of its own command's document. */
    public MeasuringDocument.Row row() {
        return new MeasuringDocument.Row(Optional.empty(), judged, naming, verified, withinTolerance,
                maxError.isPresent() ? Optional.of(maxError.getAsDouble()) : Optional.empty(), synchronizedRun,
                wrongTrials, trials, verdict, placement);
    }
}
