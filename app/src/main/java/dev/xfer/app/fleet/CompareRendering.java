package dev.xfer.app.fleet;

import dev.xfer.app.fleet.CompareAnalysis.CompareFindings;
import dev.xfer.app.fleet.CompareAnalysis.Pairing;
import dev.xfer.app.fleet.CompareAnalysis.Row;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.verdict.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A comparison as a table sorted by change (worst first), or JSON. */
public final class CompareRendering {
    private CompareRendering() {
    }

    public static String text(CompareFindings report, double threshold) {
        StringBuilder out = new StringBuilder();
        TextTable table = TextTable.of(Column.left("GPU"), Column.left("result"), Column.right("baseline"),
                Column.right("current"), Column.left("unit"), Column.right("change"), Column.left("basis"),
                Column.right("runs"), Column.right("noise"), Column.left(""));
        for (Row r : report.rows()) {
            table.addRow(r.currentRun().host() + " " + r.currentRun().uuid().orElse("bus " + r.currentRun().busId())
                            + " (device " + r.currentRun().index() + ")", r.name(), Numbers.text(r.baseline()),
                    Numbers.text(r.current()), r.unit(), Numbers.percent(r.change()), r.basis().text(),
                    r.baselineRuns() + "+" + r.currentRuns(), noise(r), mark(r, threshold));
        }
        // Indented: its first column is document text, which never begins a line.
        out.append(table.render("  "));
        for (Pairing p : report.pairings()) {
            if (!p.differences().isEmpty()) {
                out.append("context: ").append(TerminalText.field(p.baselineGpu())).append(" -> ")
                        .append(TerminalText.field(p.currentGpu())).append(": ")
                        .append(TerminalText.sentence(String.join("; ", p.differences())));
                if (!p.sameModel() && report.rows().stream().anyMatch(r -> !r.failable())) {
                    out.append(" (different GPU models: reported, never failed, unless --across-models)");
                }
                out.append('\n');
            }
        }
        for (String u : report.unmatched()) {
            out.append("note: ").append(TerminalText.sentence(u)).append('\n');
        }
        // About the node, not the verdict: the allocation spread is no part of any band.
        for (CompareAnalysis.Side h : report.hosts()) {
            out.append("host: ").append(h.side()).append(' ').append(TerminalText.sentence(h.finding().line())).append('\n');
        }
        for (var kind : report.fallbacks()) {
            out.append("note: no noise floor is measured for ").append(kind.text())
                    .append(": judged on the single-allocation floor; regenerate the floors from runs that report best-of-k\n");
        }
        for (String n : report.notes()) {
            out.append("note: ").append(n).append('\n');
        }
        for (String m : report.missing()) {
            out.append("MISSING ").append(m).append('\n');
        }
        for (String p : report.problems()) {
            out.append(p.replaceFirst("^current ", "CURRENT RUN ")).append('\n');
        }
        // What disturbed a run, naming the evidence: a current run is DISTURBED (not judged, re-run), a
        // baseline run left out; under --allow-disturbed both were judged and their rows are marked.
        for (CompareAnalysis.Disturbed d : report.disturbed()) {
            String line = TerminalText.sentence(d.line().substring(d.side().length() + 1));
            if (d.judged()) {
                out.append("disturbed: ").append(d.side()).append(' ').append(line).append(" (judged: --allow-disturbed)\n");
            } else if (d.side().equals("current")) {
                out.append("DISTURBED current ").append(line).append(" (not judged: re-run)\n");
            } else {
                out.append("note: baseline ").append(line).append(" (disturbed: left out)\n");
            }
        }
        for (String u : report.unjudged()) {
            out.append("DISTURBED ").append(TerminalText.sentence(u)).append(" (re-run the baseline)\n");
        }
        if (report.noBaseline()) {
            out.append("compare: no baseline: every baseline run was disturbed and left out; re-run the baseline\n");
        }
        long regressions = report.rows().stream().filter(r -> r.verdict() == Verdict.REGRESSION).count();
        long improvements = report.rows().stream().filter(r -> r.verdict() == Verdict.IMPROVEMENT).count();
        long noisy = report.rows().stream().filter(r -> r.verdict() == Verdict.TOO_NOISY).count();
        long failing = report.rows().stream().filter(r -> r.failsAt(threshold)).count();
        out.append(String.format(Locale.ROOT, "compare: %d results, %d worse beyond noise, %d better beyond noise, "
                        + "%d regressions beyond %s, %d too noisy to judge, %d missing from the current runs%n",
                report.rows().size(), regressions, improvements, failing, Numbers.text(threshold * 100) + "%", noisy,
                report.missing().size()));
        if (report.state(threshold) == dev.xfer.app.verdict.DocumentStatus.State.DISTURBED) {
            out.append("compare: DISTURBED (measured while disturbed: nothing judged, re-run)\n");
        }
        return out.toString();
    }

    private static String noise(Row r) {
        if (!Double.isNaN(r.p())) {
            return "p " + (r.p() < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", r.p()));
        }
        return Double.isNaN(r.noise()) ? "?" : "±" + Numbers.text(r.noise() * 100) + "%";
    }

    private static String mark(Row r, double threshold) {
        String mark = verdictMark(r, threshold);
        return r.disturbed() ? (mark + " (disturbed)").strip() : mark;
    }

    private static String verdictMark(Row r, double threshold) {
        if (r.failsAt(threshold)) {
            return "REGRESSION";
        }
        return switch (r.verdict()) {
            case REGRESSION -> r.failable() || -r.gain() <= threshold ? "worse" : "worse (other GPU model: not failed)";
            case IMPROVEMENT -> "better";
            case TOO_NOISY -> "too noisy to judge";
            case SAME -> "";
        };
    }

    /** A noise kind as JSON names it: {@code pinned-copy-best-of-k}. */
    static String kind(dev.xfer.app.verdict.NoiseKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static String json(CompareFindings report, double threshold) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentReader.SCHEMA_VERSION);
        doc.put("command", "compare");
        doc.put("failOnRegression", threshold);
        doc.put("alpha", CompareAnalysis.ALPHA);
        List<Object> rows = new ArrayList<>();
        for (Row r : report.rows()) {
            rows.add(Json.object("host", r.currentRun().host(), "uuid", r.currentRun().uuid().orElse(null),
                    "pciBusId", r.currentRun().busId(), "baselineFile", r.baselineRun().file().toString(),
                    "currentFile", r.currentRun().file().toString(), "name", r.name(), "unit", r.unit(),
                    "higherIsBetter", r.higherIsBetter(), "baseline", r.baseline(), "current", r.current(),
                    "change", r.change(), "noise", Numbers.json(r.noise()), "beyondNoise", r.beyondNoise(),
                    "verdict", r.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'), "failed", r.failsAt(threshold),
                    "basis", r.basis().json(), "p", Numbers.json(r.p()), "baselineRuns", (long) r.baselineRuns(),
                    "currentRuns", (long) r.currentRuns(), "failable", r.failable(), "noiseKind", kind(r.kind()),
                    "disturbed", r.disturbed()));
        }
        doc.put("results", rows);
        doc.put("unmatched", new ArrayList<Object>(report.unmatched()));
        doc.put("missing", new ArrayList<Object>(report.missing()));
        List<Object> pairings = new ArrayList<>();
        for (Pairing p : report.pairings()) {
            pairings.add(Json.object("baseline", p.baselineGpu(), "current", p.currentGpu(), "sameModel", p.sameModel(),
                    "differences", new ArrayList<Object>(p.differences())));
        }
        doc.put("pairings", pairings);
        doc.put("problems", new ArrayList<Object>(report.problems()));
        doc.put("notes", new ArrayList<Object>(report.notes()));
        List<Object> hosts = new ArrayList<>();
        for (CompareAnalysis.Side h : report.hosts()) {
            HostPlacement.Finding f = h.finding();
            hosts.add(Json.object("side", h.side(), "gpu", f.who(), "file", f.file(), "result", f.configuration(),
                    "allocations", f.allocations().count(), "bestGbps", f.allocations().best(),
                    "worstGbps", f.allocations().worst(), "worstOfBest", f.allocations().worstOfBest(), "finding", f.text()));
        }
        doc.put("hostFindings", hosts);
        doc.put("floorFallbacks", new ArrayList<Object>(report.fallbacks().stream().map(CompareRendering::kind).toList()));
        List<Object> disturbances = new ArrayList<>();
        for (CompareAnalysis.Disturbed d : report.disturbed()) {
            disturbances.add(Json.object("side", d.side(), "file", d.run().file().toString(), "gpu", d.run().who(),
                    "kind", d.disturbance().kind().label(), "detail", d.disturbance().detail(), "judged", d.judged()));
        }
        doc.put("disturbances", disturbances);
        doc.put("unjudged", new ArrayList<Object>(report.unjudged()));
        doc.put("noBaseline", report.noBaseline());
        doc.put("state", report.state(threshold).name().toLowerCase(Locale.ROOT).replace('_', '-'));
        doc.put("passed", report.passes(threshold) && !report.anyUnjudged());
        return Json.write(doc);
    }
}
