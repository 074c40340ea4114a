package dev.xfer.app.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.ContextDocument;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.Extras;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.output.Rendering;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * CSV rows and JSON Lines printed on stdout as results arrive. Each time a result is measured the
 * command's rendering of everything so far is made again and what is new in it printed: rows
 * come in the order measured, so the new rows are the ones after those already printed. At the
 * end the rest follows, and for JSON Lines the closing summary object.
 */
final class RowStream {
    private final OutputFormat format;
    private final PrintWriter out;
    private final List<String> printed = new ArrayList<>();
    /** The repetition of a run with {@code --runs N} (N > 1) whose rows these are; 0 for a run without. */
    private final int run;

    RowStream(OutputFormat format, PrintWriter out) {
        this(format, out, 0);
    }

    /**
     * Rows of repetition {@code run} (1 and up; 0: a run without repetitions): each carries a
     * {@code run} column or field, and the CSV header is printed by the first repetition only.
     */
    RowStream(OutputFormat format, PrintWriter out, int run) {
        if (format != OutputFormat.CSV && format != OutputFormat.JSONL) {
            throw new IllegalArgumentException(format + " is not streamed");
        }
        this.format = format;
        this.out = out;
        this.run = run;
    }

    /** Prints what {@code soFar} has beyond what was printed already. */
    void update(Rendering soFar) {
        List<String> lines = rows(format, soFar, run);
        // A rendering whose earlier rows changed (none does today) prints nothing until the end.
        if (lines.size() < printed.size() || !lines.subList(0, printed.size()).equals(printed)) {
            return;
        }
        for (String line : lines.subList(printed.size(), lines.size())) {
            out.println(line);
            printed.add(line);
        }
        out.flush();
    }

    /** The rest of {@code all}, then (JSON Lines) {@code summary}. */
    void end(Rendering all, SummaryLine summary) {
        List<String> lines = rows(format, all, run);
        // Rows already printed are not printed again, even should a rendering have changed them.
        int from = Math.min(printed.size(), lines.size());
        for (String line : lines.subList(from, lines.size())) {
            out.println(line);
        }
        if (format == OutputFormat.JSONL && summary != null) {
            out.println(Json.writeLine(summary));
        }
        out.flush();
    }

    /** The whole stream at once: for --output, which is written when the run ends. */
    static String all(OutputFormat format, Rendering rendering, SummaryLine summary) {
        if (format == OutputFormat.CSV) {
            return rendering.csv().get();
        }
        StringBuilder s = new StringBuilder();
        for (String line : resultLines(rendering.json().get())) {
            s.append(line).append('\n');
        }
        return s.append(Json.writeLine(summary)).append('\n').toString();
    }

    private static List<String> csvLines(String csv) {
        return csv.lines().toList();
    }

    /**
     * The rows of {@code rendering} as printed: CSV lines or JSON Lines result objects; for
     * repetition {@code run} of a run with {@code --runs N}, each with its {@code run} (the CSV's
     * first column), and the CSV header only in the first repetition's.
     */
    static List<String> rows(OutputFormat format, Rendering rendering, int run) {
        if (format == OutputFormat.JSONL) {
            return resultLines(rendering.json().get(), run);
        }
        List<String> lines = csvLines(rendering.csv().get());
        if (run == 0 || lines.isEmpty()) {
            return lines;
        }
        List<String> out = new ArrayList<>();
        if (run == 1) {
            out.add("run," + lines.getFirst());
        }
        for (String line : lines.subList(1, lines.size())) {
            out.add(run + "," + line);
        }
        return out;
    }

    /**
     * One JSON object per measured configuration: {@code "record": "result"}, the command, the
     * CUDA index of the device, then the fields of its entry in the JSON document's {@code results}.
     */
    static List<String> resultLines(RunDocument document) {
        return resultLines(document, 0);
    }

    /** {@link #resultLines(RunDocument)}, each with {@code "run": run} after the device when {@code run} is not 0. */
    static List<String> resultLines(RunDocument document, int run) {
        List<String> lines = new ArrayList<>();
        for (GpuDocument gpu : document.gpus()) {
            for (Row row : gpu.results()) {
                lines.add(Json.writeLine(new ResultLine("result", document.command(), gpu.context().index(),
                        run > 0 ? OptionalInt.of(run) : OptionalInt.empty(), row)));
            }
        }
        return lines;
    }

    /** One JSON Lines result record: what names the row, then the row's own fields. */
    record ResultLine(String record, String command, int device, OptionalInt run, @JsonUnwrapped Row row) {
    }

    /**
     * The closing object: {@code "record": "summary"}, then the run's JSON document without the
     * per-configuration {@code results} already printed (context, parameters, failures,
     * expectations, and {@code stopped} when it stopped early).
     */
    static SummaryLine summary(RunDocument document, boolean complete) {
        return new SummaryLine("summary", complete, summarized(document));
    }

    /** {@link #summary(RunDocument, boolean)} of a run with --runs N: each repetition's document, less the rows already printed. */
    static SummaryLine summary(RepeatedDocument document, boolean complete) {
        return new SummaryLine("summary", complete, new RepeatedSummary(document.schemaVersion(), document.command(),
                document.parameters(), document.runs().stream()
                .map(r -> new RunSummary(summarized(r), r.complete())).toList(), document.stopped()));
    }

    private static Summarized summarized(RunDocument document) {
        return switch (document) {
            case GpuDocument g -> summarized(g);
            case DevicesDocument d -> new DevicesSummary(d.schemaVersion(), d.command(), d.parameters(),
                    d.devices().stream().map(RowStream::summarized).toList(), d.extras(), d.expectations(),
                    d.stopped());
        };
    }

    private static GpuSummary summarized(GpuDocument g) {
        return new GpuSummary(g.schemaVersion(), g.command(), g.context(), g.parameters(), g.failures(), g.extras(),
                g.disturbances(), g.expectations(), g.stopped());
    }

    /** The closing JSON Lines record: whether the run is complete, then the document less its rows. */
    record SummaryLine(String record, boolean complete, @JsonUnwrapped Summarized document) {
    }

    /** A document less the rows the result records carry. */
    sealed interface Summarized permits GpuSummary, DevicesSummary, RepeatedSummary {
    }

    /** A {@link GpuDocument} less its {@code results}. */
    record GpuSummary(int schemaVersion, String command, ContextDocument context, Parameters parameters,
                      List<? extends Row> failures, @JsonUnwrapped Extras extras, Optional<List<dev.xfer.app.result.Disturbance>> disturbances,
                      Optional<List<ExpectationRow>> expectations, Optional<Stopped> stopped) implements Summarized {
    }

    /** A {@link DevicesDocument}, each of its devices less its {@code results}. */
    record DevicesSummary(int schemaVersion, String command, Parameters parameters, List<GpuSummary> devices,
                          @JsonUnwrapped Extras extras, Optional<List<ExpectationRow>> expectations,
                          Optional<Stopped> stopped) implements Summarized {
    }

    /** A {@link RepeatedDocument}, each repetition less its rows. */
    record RepeatedSummary(int schemaVersion, String command, Parameters parameters, List<RunSummary> runs,
                           Optional<Stopped> stopped) implements Summarized {
    }

    /** One repetition less its rows, then {@code complete} when it stopped. */
    record RunSummary(@JsonUnwrapped Summarized document, Optional<Boolean> complete) {
    }
}
