package dev.xfer.app.run;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.stats.Median;
import dev.xfer.app.stats.RunToRun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The repetitions of a run with {@code --runs N} (N > 1): what each one would have written alone,
 * kept as it ends, and put together once the last ends or the run stops between two. Each
 * repetition measured on fresh host allocations in a fresh CUDA context (docs/methodology.md).
 */
final class Repetitions {
    /**
     * One repetition as it ended.
     *
     * @param text     its text report with its expectation lines (text output only)
     * @param rows     its CSV rows or JSON Lines result objects, each with its {@code run}
     * @param document the JSON document it would have written alone, expectations included
     * @param suites   its --junit suites, named with the repetition
     * @param disturbed whether its GPUs' evidence found a disturbance while it measured
     */
    record Repetition(int run, String text, List<String> rows, RunDocument document,
                      List<JUnitXml.TestSuite> suites, List<Metric> metrics, RunEnding ending, boolean passed,
                      boolean disturbed) {
    }

    private final int planned;
    private final List<Repetition> done = new ArrayList<>();
    private int current;
    private Optional<StopRequest.Reason> stoppedBetween = Optional.empty();
    private Optional<String> failure = Optional.empty();

    Repetitions(int planned) {
        if (planned < 2) {
            throw new IllegalArgumentException("repetitions are for 2 runs or more, not " + planned);
        }
        this.planned = planned;
    }

    int planned() {
        return planned;
    }

    /** Repetition {@code run} (1 and up) starts. */
    void begin(int run) {
        current = run;
    }

    /** The repetition being measured, 1 and up. */
    int current() {
        return current;
    }

    void add(Repetition repetition) {
        done.add(repetition);
    }

    /** The run stopped between two repetitions: those done are kept, the rest never start. */
    void stoppedBetween(StopRequest.Reason why) {
        stoppedBetween = Optional.of(why);
    }

    /** A repetition after the first failed (a CUDA error, memory): those done are kept, the run ends. */
    void failed(String why) {
        failure = Optional.of(why);
    }

    Optional<String> failure() {
        return failure;
    }

    List<Repetition> done() {
        return List.copyOf(done);
    }

    /** Why the run ended before its last repetition ended: inside one, or between two. */
    Optional<StopRequest.Reason> stoppedBy() {
        for (Repetition r : done) {
            if (!r.ending().complete()) {
                return r.ending().stoppedBy();
            }
        }
        return stoppedBetween;
    }

    boolean complete() {
        return stoppedBy().isEmpty() && failure.isEmpty() && done.size() == planned;
    }

    /** Every repetition ended with its checks and expectations met. */
    boolean passed() {
        return !done.isEmpty() && done.stream().allMatch(Repetition::passed);
    }

    /**
     * Whether disturbances explain the run's failure (exit 6, as for one run): every repetition that
     * failed was disturbed. A failure on an undisturbed repetition is a plain failure (exit 1).
     */
    boolean disturbed() {
        return done.stream().anyMatch(Repetition::disturbed)
                && done.stream().filter(r -> !r.passed()).allMatch(Repetition::disturbed);
    }

    /**
     * {@code interrupted (SIGINT) after 2 of 5 runs}, or {@code failed after 2 of 5 runs: <why>}:
     * only for a run that did not complete.
     */
    String stopLine() {
        long complete = done.stream().filter(r -> r.ending().complete()).count();
        String after = " after " + complete + " of " + planned + " runs";
        return stoppedBy().map(r -> r.words() + after)
                .orElseGet(() -> failure.map(why -> "failed" + after + ": " + why).orElse("stopped" + after));
    }

    /** The line under the text report: how many repetitions, and what each had of its own. */
    String runsLine() {
        return "runs: " + (done.size() == planned ? Integer.toString(planned) : done.size() + " of " + planned)
                + " (fresh context and host allocations each)";
    }

    /**
     * The text report: each repetition's own, under its heading, then a table of every result
     * across the repetitions (their spread is what --runs is for), then {@link #runsLine()}.
     */
    String text() {
        List<String> sections = new ArrayList<>();
        for (Repetition r : done) {
            sections.add("run " + r.run() + " of " + planned + ":\n" + r.text());
        }
        String across = acrossTable();
        if (!across.isEmpty()) {
            sections.add(across);
        }
        String joined = dev.xfer.app.format.TextSections.joined(sections);
        return joined + runsLine() + "\n";
    }

    /**
     * Each result's median over the repetitions that measured it: lowest, median and highest, the
     * spread (highest - lowest) / median, and the run-to-run CoV (stddev of the medians over their mean). Empty when fewer than two repetitions have results.
     */
    String acrossTable() {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (Repetition r : done) {
            for (Metric m : r.metrics()) {
                values.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m.value());
                units.putIfAbsent(m.name(), m.unit().symbol());
            }
        }
        if (done.stream().filter(r -> !r.metrics().isEmpty()).count() < 2) {
            return "";
        }
        TextTable table = TextTable.titled("across runs", Column.left("result"), Column.right("runs"),
                Column.right("lowest"), Column.right("median"), Column.right("highest"), Column.left("unit"),
                Column.right("spread"), Column.right("CoV"));
        values.forEach((name, v) -> {
            double[] sorted = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double median = Median.ofSorted(sorted);
            double low = sorted[0];
            double high = sorted[sorted.length - 1];
            String spread = median != 0 && Double.isFinite(median)
                    ? Decimals.fixed((high - low) / Math.abs(median) * 100, 1) + "%" : "-";
            // Run-to-run CoV: the stddev of the runs' medians over their mean (nvbandwidth's).
            String cov = RunToRun.of(sorted).filter(r -> r.cov().isPresent())
                    .map(r -> Decimals.fixed(r.cov().getAsDouble() * 100, 2) + "%").orElse("-");
            table.addRow(name, Integer.toString(sorted.length), number(low), number(median), number(high),
                    units.get(name), spread, cov);
        });
        return table.render();
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        return a >= 0.01 && a < 1e6 ? Decimals.fixed(v, 2) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** The CSV table or JSON Lines rows of every repetition, in order (the CSV header once, first). */
    List<String> rows() {
        return done.stream().flatMap(r -> r.rows().stream()).toList();
    }

    /** Every repetition's --junit suites. */
    List<JUnitXml.TestSuite> suites() {
        return done.stream().flatMap(r -> r.suites().stream()).toList();
    }

    /**
     * The JSON document of the whole run: {@code schemaVersion}, {@code command}, the first
     * repetition's {@code parameters} with {@code runs}, and {@code runs}: each repetition's
     * document, exactly what a run without --runs writes. A run that stopped says so at the top
     * ({@code complete}: false, {@code stopped}) as well as in the repetition it stopped in.
     */
    RepeatedDocument document(String command) {
        Parameters each = done.isEmpty() ? NoParameters.NONE : done.getFirst().document().parameters();
        Optional<Stopped> stopped = complete() ? Optional.empty() : Optional.of(new Stopped(
                stoppedBy().map(StopRequest.Reason::label).orElse("error"),
                done.stream().filter(r -> r.ending().complete()).count(), planned, stopLine()));
        List<RepeatedDocument.RunToRunRow> spread = runToRun();
        return new RepeatedDocument(DocumentSchema.VERSION, command, new RepeatedDocument.Runs(each, planned),
                done.stream().map(Repetition::document).toList(),
                spread.isEmpty() ? Optional.empty() : Optional.of(spread), Stopped.complete(stopped), stopped);
    }

    /** Each result with figures from two repetitions or more: its run-to-run spread, in the order first measured. */
    List<RepeatedDocument.RunToRunRow> runToRun() {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (Repetition r : done) {
            for (Metric m : r.metrics()) {
                values.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m.value());
                units.putIfAbsent(m.name(), m.unit().symbol());
            }
        }
        List<RepeatedDocument.RunToRunRow> out = new ArrayList<>();
        values.forEach((name, v) -> RunToRun.of(v.stream().mapToDouble(Double::doubleValue).toArray())
                .ifPresent(r -> out.add(RepeatedDocument.RunToRunRow.of(name, units.get(name), r))));
        return out;
    }
}
