package dev.xfer.app.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What the gates (fleet, compare, plot) read of a measuring document apart from its figures,
 * taken from the records it binds into (documents/MeasuredStatus): whether it is complete, whether it
 * passed, what failures and expectations it recorded, smoke's checks, and each result row's own
 * check. The figures themselves are {@link GpuResults}.
 *
 * @param command   the command that wrote it; one outside {@link #MEASURING} is read no further
 * @param unusable  smoke's reason for a node without a usable GPU
 * @param host      the host the document names (its context's, or smoke's top-level one)
 * @param top       what the top level records: for a one-device document, the whole document
 * @param devices   one per {@code devices} entry of a several-device document; empty otherwise
 * @param across    the rows a several-device document keeps at the top ({@code p2p},
 *                  {@code concurrent}, {@code patterns}), read only for whether one holds a figure
 * @param repetitions for a document written with {@code --runs N}, each repetition's document as it
 *                  would have been written alone, in order (its fields named {@code runs[2].results[0]...});
 *                  {@link #top} then holds only what the whole run records (its {@code complete},
 *                  {@code stopped}); empty for any other document
 */
public record MeasuringDocument(Path file, String command, Optional<String> unusable, Optional<String> host,
                                Optional<String> label, Optional<String> started, Part top, List<Part> devices,
                                List<Row> across, List<MeasuringDocument> repetitions) {

    /** The commands whose documents carry GPU results; any other command is no result. */
    public static final Set<String> MEASURING = Set.of("bandwidth", "overlap", "check", "batch", "pipeline", "smoke",
            "latency");

    public MeasuringDocument {
        devices = List.copyOf(devices);
        across = List.copyOf(across);
        repetitions = List.copyOf(repetitions);
    }

    public boolean measuring() {
        return MEASURING.contains(command);
    }

    /** Whether this is the several-device shape, read as one GPU run per {@code devices} entry. */
    public boolean severalDevices() {
        return !devices.isEmpty();
    }

    /** Whether this is the shape {@code --runs N} writes: {@link #repetitions}, each one run's document. */
    public boolean repeated() {
        return !repetitions.isEmpty();
    }

    /** How many GPU runs the document reader reads from this document (a repetition's own count). */
    public int gpuRuns() {
        return unusable.isPresent() ? 1 : severalDevices() ? devices.size() : 1;
    }

    /**
     * Whether the document, one of its devices or one of its repetitions has a result row (with or
     * without a figure), a row across devices included.
     */
    public boolean holdsResultRows() {
        return !top.results().rows().isEmpty() || !across.isEmpty()
                || devices.stream().anyMatch(d -> !d.results().rows().isEmpty())
                || repetitions.stream().anyMatch(MeasuringDocument::holdsResultRows);
    }

    /** Whether any part holds a measured figure: a device's result, or a row across devices. */
    public boolean anyFigure() {
        return across.stream().anyMatch(Row::judged) || top.results().anyFigure()
                || devices.stream().anyMatch(d -> d.results().anyFigure());
    }

    /**
     * One GPU run's part of a document (or the whole of a one-device one).
     *
     * @param complete     false only for a run stopped early
     * @param stopped      why it stopped, as the document says it
     * @param passed       the document's own verdict, where it writes one
     * @param failures     each recorded failure, described in words
     * @param checks       smoke's checks; empty when the part has no {@code checks} list
     * @param facts        what the run ran on, for compare to name what changed
     */
    public record Part(boolean complete, Optional<String> stopped, Optional<Boolean> passed, List<String> failures,
                       List<Expectation> expectations, Results results, Optional<List<SmokeCheck>> checks,
                       Facts facts) {
        public Part {
            failures = List.copyOf(failures);
            expectations = List.copyOf(expectations);
            checks = checks.map(List::copyOf);
        }
    }

    /**
     * An {@code --expect} outcome as written.
     *
     * @param contradiction why its own figures say it was not met, though it says {@code passed: true}
     */
    public record Expectation(String expectation, boolean passed, Optional<String> line, Optional<String> contradiction) {
    }

    /**
     * One of smoke's checks.
     *
     * @param contradiction why the document's own figures say it failed, though it says {@code passed: true}
     */
    public record SmokeCheck(String name, boolean passed, Optional<String> failure, Optional<String> contradiction) {
    }

    /**
     * A part's {@code results}: its rows, and how the field stood when there were none.
     *
     * @param shape {@code list}, {@code null} (written as null), {@code missing}, or {@code other} (not a list)
     */
    public record Results(List<Row> rows, String shape) {
        public Results {
            rows = List.copyOf(rows);
        }

        public boolean anyFigure() {
            return rows.stream().anyMatch(Row::judged);
        }
    }

    /**
     * What a gate reads of one result row besides its figures: its own check.
     *
     * @param command   the command a smoke row came from; empty in a command's own document
     * @param judged    whether it holds a figure to judge: a summary, or a check's tally
     * @param naming    the identifying values in order ({@code pinned}, {@code h2d}, {@code 4KiB})
     * @param placement where host memory sat ({@code numa-node 0}, {@code pages on node 0+1})
     */
    public record Row(Optional<String> command, boolean judged, List<String> naming, Optional<Boolean> verified,
                      Optional<Boolean> withinTolerance, Optional<Double> maxError, boolean synchronizedRun,
                      OptionalLong wrongTrials, OptionalLong trials, Optional<String> verdict, List<String> placement) {
        public Row {
            naming = List.copyOf(naming);
            placement = List.copyOf(placement);
        }

        /** The same row, of {@code command}'s measurement (smoke's tagged rows). */
        public Row withCommand(String command) {
            return new Row(Optional.of(command), judged, naming, verified, withinTolerance, maxError, synchronizedRun,
                    wrongTrials, trials, verdict, placement);
        }
    }

    /**
     * What the run ran on, each as the document wrote it; empty where it does not say.
     *
     * @param link {@code Gen5 x16 (max Gen5 x16)}
     */
    public record Facts(Optional<String> model, Optional<String> driver, Optional<String> runtime,
                        Optional<String> xfer, Optional<String> link, Optional<String> gpuNumaNode) {
        public static final Facts NONE = new Facts(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }
}
