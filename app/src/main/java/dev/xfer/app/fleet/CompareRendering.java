package dev.xfer.app.fleet;

import dev.xfer.app.fleet.Comparison.Report;
import dev.xfer.app.fleet.Comparison.Row;
import dev.xfer.app.report.Json;
import dev.xfer.app.report.TerminalText;
import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A comparison as a table sorted by change (worst first), or JSON. */
public final class CompareRendering {
    private CompareRendering() {
    }

    public static String text(Report report, double threshold) {
        StringBuilder out = new StringBuilder();
        TextTable table = TextTable.of(Column.left("GPU"), Column.left("result"), Column.right("baseline"),
                Column.right("current"), Column.left("unit"), Column.right("change"), Column.right("noise"), Column.left(""));
        for (Row r : report.rows()) {
            table.addRow(r.currentRun().who(), r.name(), Numbers.text(r.baseline()), Numbers.text(r.current()), r.unit(),
                    Numbers.percent(r.change()), Double.isNaN(r.noise()) ? "?" : "±" + Numbers.text(r.noise() * 100) + "%",
                    mark(r, threshold));
        }
        // Indented: its first column is document text, which never begins a line.
        out.append(table.render("  "));
        for (String u : report.unmatched()) {
            out.append("note: ").append(TerminalText.sentence(u)).append('\n');
        }
        long regressions = report.rows().stream().filter(r -> r.verdict() == Comparison.Verdict.REGRESSION).count();
        long improvements = report.rows().stream().filter(r -> r.verdict() == Comparison.Verdict.IMPROVEMENT).count();
        long failing = report.rows().stream().filter(r -> r.failsAt(threshold)).count();
        out.append(String.format(java.util.Locale.ROOT, "compare: %d results, %d worse beyond noise, %d better beyond noise, "
                + "%d regressions beyond %s%n", report.rows().size(), regressions, improvements, failing,
                Numbers.text(threshold * 100) + "%"));
        return out.toString();
    }

    private static String mark(Row r, double threshold) {
        if (r.failsAt(threshold)) {
            return "REGRESSION";
        }
        return switch (r.verdict()) {
            case REGRESSION -> "worse";
            case IMPROVEMENT -> "better";
            case SAME -> "";
        };
    }

    public static String json(Report report, double threshold) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentReader.SCHEMA_VERSION);
        doc.put("command", "compare");
        doc.put("failOnRegression", threshold);
        List<Object> rows = new ArrayList<>();
        for (Row r : report.rows()) {
            rows.add(Json.object("host", r.currentRun().host(), "uuid", r.currentRun().uuid().orElse(null),
                    "pciBusId", r.currentRun().busId(), "baselineFile", r.baselineRun().file().toString(),
                    "currentFile", r.currentRun().file().toString(), "name", r.name(), "unit", r.unit(),
                    "higherIsBetter", r.higherIsBetter(), "baseline", r.baseline(), "current", r.current(),
                    "change", r.change(), "noise", Numbers.json(r.noise()), "beyondNoise", r.beyondNoise(),
                    "verdict", r.verdict().name().toLowerCase(java.util.Locale.ROOT), "failed", r.failsAt(threshold)));
        }
        doc.put("results", rows);
        doc.put("unmatched", new ArrayList<Object>(report.unmatched()));
        doc.put("passed", report.rows().stream().noneMatch(r -> r.failsAt(threshold)));
        return Json.write(doc);
    }
}
