package dev.xfer.app.run;

import dev.xfer.app.format.Json;
import dev.xfer.app.output.Rendering;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    void end(Rendering all, Map<String, Object> summary) {
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
    static String all(OutputFormat format, Rendering rendering, Map<String, Object> summary) {
        if (format == OutputFormat.CSV) {
            return rendering.csv().get();
        }
        StringBuilder s = new StringBuilder();
        for (String line : resultLines(rendering.json().get())) {
            s.append(line).append('\n');
        }
        return s.append(oneLine(summary)).append('\n').toString();
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
    static List<String> resultLines(Map<String, Object> document) {
        return resultLines(document, 0);
    }

    /** {@link #resultLines(Map)}, each with {@code "run": run} after the device when {@code run} is not 0. */
    @SuppressWarnings("unchecked")
    static List<String> resultLines(Map<String, Object> document, int run) {
        List<String> lines = new ArrayList<>();
        String command = String.valueOf(document.get("command"));
        List<Map<String, Object>> perDevice = document.get("devices") instanceof List<?> devices
                ? (List<Map<String, Object>>) devices : List.of(document);
        for (Map<String, Object> d : perDevice) {
            Object index = d.get("context") instanceof Map<?, ?> context && context.get("device") instanceof Map<?, ?> dev
                    ? dev.get("index") : null;
            if (d.get("results") instanceof List<?> results) {
                for (Object r : results) {
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("record", "result");
                    line.put("command", command);
                    line.put("device", index);
                    if (run > 0) {
                        line.put("run", run);
                    }
                    if (r instanceof Map<?, ?> fields) {
                        fields.forEach((k, v) -> line.putIfAbsent(String.valueOf(k), v));
                    } else {
                        line.put("result", r);
                    }
                    lines.add(oneLine(line));
                }
            }
        }
        return lines;
    }

    /**
     * The closing object: {@code "record": "summary"}, then the run's JSON document without the
     * per-configuration {@code results} already printed (context, parameters, failures,
     * expectations, {@code complete}, and {@code stopped} when it stopped early).
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> summary(Map<String, Object> document, boolean complete) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("record", "summary");
        s.put("complete", complete);
        for (Map.Entry<String, Object> e : document.entrySet()) {
            if (e.getKey().equals("results")) {
                continue;
            }
            if (e.getKey().equals("runs") && e.getValue() instanceof List<?> runs) {
                // A run with --runs N: each repetition's document, less the rows already printed.
                List<Object> stripped = new ArrayList<>();
                for (Object r : runs) {
                    Map<String, Object> each = summary((Map<String, Object>) r, true);
                    each.remove("record");
                    each.remove("complete");
                    if (((Map<String, Object>) r).get("complete") instanceof Boolean c) {
                        each.put("complete", c);
                    }
                    stripped.add(each);
                }
                s.put("runs", stripped);
                continue;
            }
            if (e.getKey().equals("devices") && e.getValue() instanceof List<?> devices) {
                List<Object> stripped = new ArrayList<>();
                for (Object d : devices) {
                    Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) d);
                    copy.remove("results");
                    stripped.add(copy);
                }
                s.put("devices", stripped);
                continue;
            }
            s.putIfAbsent(e.getKey(), e.getValue());
        }
        return s;
    }

    private static String oneLine(Map<String, Object> object) {
        return Json.writeLine(object);
    }
}
