package dev.xfer.app.fleet;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.fleet.CompareAnalysis.CompareFindings;
import dev.xfer.app.fleet.CompareAnalysis.Pairing;
import dev.xfer.app.fleet.CompareAnalysis.Row;
import dev.xfer.app.format.Csv;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.verdict.Verdict;

import java.io.IOException;
import java.io.Writer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/** A comparison as a table sorted by change (worst first), or JSON, CSV or JUnit XML. */
public final class CompareText {
    private CompareText() {
    }

    /** A run-to-run CoV as a percentage with two decimals, {@code -} for a side of one run. */
    /** A CoV in the text as fleet's table shows it ({@code 0.29%}), {@code -} where the runs give none. */
    private static String cov(OptionalDouble cov) {
        return FleetText.cov(cov.orElse(Double.NaN));
    }

    public static String text(CompareFindings report, double threshold) {
        return text(report, threshold, 0);
    }

    /**
     * The table and its summary; {@code skipped} documents left out as unreadable ({@code --skip-bad}),
     * each already named on stderr, are counted in the summary line.
     */
    public static String text(CompareFindings report, double threshold, int skipped) {
        StringBuilder out = new StringBuilder();
        // With several runs a side, each side's run-to-run CoV beside the runs it was judged by.
        boolean covs = report.rows().stream().anyMatch(r -> r.baselineCov().isPresent() || r.currentCov().isPresent());
        java.util.List<Column> columns = new java.util.ArrayList<>(java.util.List.of(Column.left("GPU"),
                Column.left("result"), Column.right("baseline"), Column.right("current"), Column.left("unit"),
                Column.right("change"), Column.left("basis"), Column.right("runs")));
        if (covs) {
            columns.add(Column.right("CoV"));
        }
        columns.addAll(java.util.List.of(Column.right("noise"), Column.left("")));
        TextTable table = TextTable.of(columns.toArray(Column[]::new));
        for (Row r : report.rows()) {
            java.util.List<String> cells = new java.util.ArrayList<>(java.util.List.of(r.currentRun().host() + " "
                    + r.currentRun().uuid().orElse("bus " + r.currentRun().busId()) + " (device " + r.currentRun().index()
                    + ")", r.name(), Numbers.text(r.baseline()), Numbers.text(r.current()), r.unit(),
                    Numbers.percent(r.change()), r.basis().text(), r.baselineRuns() + "+" + r.currentRuns()));
            if (covs) {
                cells.add(cov(r.baselineCov()) + "+" + cov(r.currentCov()));
            }
            cells.addAll(java.util.List.of(noise(r), mark(r, threshold)));
            table.addRow(cells);
        }
        // Indented: its first column is document text, which never begins a line.
        out.append(table.render("  "));
        // Once, not per pairing: a fleet-sized comparison has thousands of each.
        boolean anyUnfailable = report.rows().stream().anyMatch(r -> !r.failable());
        for (Pairing p : report.pairings()) {
            if (!p.differences().isEmpty()) {
                out.append("context: ").append(TerminalText.field(p.baselineGpu())).append(" -> ")
                        .append(TerminalText.field(p.currentGpu())).append(": ")
                        .append(TerminalText.sentence(String.join("; ", p.differences())));
                if (!p.sameModel() && anyUnfailable) {
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
        out.append(NoteLines.of(report.notes()));
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
                        + "%d regressions beyond %s, %d too noisy to judge, %d missing from the current runs%s%n",
                report.rows().size(), regressions, improvements, failing, Numbers.text(threshold * 100) + "%", noisy,
                report.missing().size(), skipped == 0 ? "" : ", " + skipped + " unreadable document"
                        + (skipped == 1 ? "" : "s") + " skipped"));
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

    /**
     * {@code compare --csv}: one row per judged result, the fields of {@code --json}'s results in
     * their order (snake_case); a missing figure (no noise band, no p-value, no run-to-run CoV of a
     * single run) is an empty field.
     */
    public static void csv(CompareFindings report, double threshold, Writer to) throws IOException {
        to.write(Csv.line(List.of("host", "uuid", "pci_bus_id", "baseline_file", "current_file", "name", "unit",
                "higher_is_better", "baseline", "current", "change", "noise", "beyond_noise", "verdict", "failed", "basis",
                "p", "baseline_runs", "current_runs", "failable", "noise_kind", "disturbed", "baseline_cov", "current_cov")));
        for (Row r : report.rows()) {
            GpuRun now = r.currentRun();
            to.write(Csv.line(List.of(now.host(), now.uuid().orElse(""), now.busId(), r.baselineRun().file().toString(),
                    now.file().toString(), r.name(), r.unit(), String.valueOf(r.higherIsBetter()), String.valueOf(r.baseline()),
                    String.valueOf(r.current()), String.valueOf(r.change()), FleetText.number(r.noise()), String.valueOf(r.beyondNoise()),
                    r.verdict().label(), String.valueOf(r.failsAt(threshold)), r.basis().label(), FleetText.number(r.p()),
                    String.valueOf(r.baselineRuns()), String.valueOf(r.currentRuns()), String.valueOf(r.failable()),
                    r.kind().label(), String.valueOf(r.disturbed()), FleetText.number(r.baselineCov().orElse(Double.NaN)),
                    FleetText.number(r.currentCov().orElse(Double.NaN)))));
        }
    }


    /**
     * {@code compare --junit}: a suite per current GPU with a case per judged result, failed where it
     * is a regression beyond noise by more than {@code threshold} (as {@code --json}'s {@code failed}),
     * skipped where too noisy to judge; then, when there are any, a suite of what fails or stops the
     * gate apart from the results: each baseline result missing from the current runs and each current
     * run that failed or holds no result (failed), each disturbed current run or GPU left without a
     * baseline (skipped: not judged, re-run).
     */
    public static void junit(CompareFindings report, double threshold, Instant when, Writer to) throws IOException {
        Map<String, List<Row>> byGpu = new LinkedHashMap<>();
        report.rows().forEach(r -> byGpu.computeIfAbsent(r.currentRun().gpuKey(), k -> new ArrayList<>()).add(r));
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        byGpu.values().forEach(rows -> suites.add(suite(rows, threshold, when)));
        List<JUnitXml.TestCase> gate = new ArrayList<>();
        for (String m : report.missing()) {
            gate.add(new JUnitXml.TestCase("xfer.compare.missing", m, Duration.ZERO,
                    new JUnitXml.Failed("MISSING " + m, "compare.missing", null)));
        }
        for (String p : report.problems()) {
            gate.add(new JUnitXml.TestCase("xfer.compare.currentRun", p, Duration.ZERO,
                    new JUnitXml.Failed(p.replaceFirst("^current ", "CURRENT RUN "), "compare.currentRun", null)));
        }
        for (CompareAnalysis.Disturbed d : report.disturbed()) {
            if (!d.judged() && d.side().equals("current")) {
                gate.add(new JUnitXml.TestCase("xfer.compare.disturbed", d.line(), Duration.ZERO,
                        new JUnitXml.Skipped("DISTURBED " + d.line() + " (not judged: re-run)")));
            }
        }
        for (String u : report.unjudged()) {
            gate.add(new JUnitXml.TestCase("xfer.compare.disturbed", u, Duration.ZERO,
                    new JUnitXml.Skipped("DISTURBED " + u + " (re-run the baseline)")));
        }
        if (!gate.isEmpty()) {
            suites.add(new JUnitXml.TestSuite("xfer compare: missing results and current runs", when, "", gate));
        }
        JUnitXml.write(to, suites.iterator());
    }

    private static JUnitXml.TestSuite suite(List<Row> rows, double threshold, Instant when) {
        GpuRun gpu = rows.getFirst().currentRun();
        String who = gpu.host() + " " + gpu.uuid().orElse("bus " + gpu.busId()) + " (device " + gpu.index() + ")";
        List<JUnitXml.TestCase> cases = new ArrayList<>();
        for (Row r : rows) {
            String figures = Numbers.text(r.baseline()) + " -> " + Numbers.text(r.current()) + " " + r.unit() + " ("
                    + Numbers.percent(r.change()) + ", " + r.basis().text() + ", " + noise(r) + ")";
            JUnitXml.Outcome outcome;
            if (r.failsAt(threshold)) {
                outcome = new JUnitXml.Failed("REGRESSION beyond noise and " + Numbers.text(threshold * 100) + "%: " + figures,
                        "compare.regression", null);
            } else if (r.verdict() == Verdict.TOO_NOISY) {
                outcome = new JUnitXml.Skipped("too noisy to judge: " + figures);
            } else {
                outcome = new JUnitXml.Passed();
            }
            cases.add(new JUnitXml.TestCase("xfer.compare." + gpu.host(), r.name(), Duration.ZERO, outcome));
        }
        return new JUnitXml.TestSuite("xfer compare " + who, when, gpu.host(), cases);
    }

    public static String json(CompareFindings report, double threshold) {
        return Json.write(CompareDocument.of(report, threshold));
    }
}
