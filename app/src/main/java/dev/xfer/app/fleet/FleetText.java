package dev.xfer.app.fleet;

import dev.xfer.app.fleet.FleetAnalysis.Deviation;
import dev.xfer.app.fleet.FleetAnalysis.Finding;
import dev.xfer.app.fleet.FleetAnalysis.FleetFindings;
import dev.xfer.app.fleet.FleetAnalysis.ModelGroup;
import dev.xfer.app.fleet.FleetAnalysis.Node;
import dev.xfer.app.fleet.FleetAnalysis.ResultSpread;
import dev.xfer.app.format.Csv;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.verdict.DocumentStatus.State;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A fleet report as text, JSON, CSV and JUnit XML. The text is a summary whose length does not
 * grow with the fleet (one row per model and result), then every problem; {@code allRows} adds
 * every GPU's row and every node's line. JSON and CSV always carry every GPU's row: they are for
 * programs. They and JUnit are written to a {@link Writer} as they are produced (a row, a node at a
 * time), so a fleet of 100,000 documents never stands whole in memory as text; the {@code String}
 * forms are the same bytes, for small reports and tests.
 */
public final class FleetText {
    private static final String TABLE_MARGIN = "  ";

    private FleetText() {
    }

    public static String text(FleetFindings report) {
        return text(report, false, false);
    }

    public static String text(FleetFindings report, boolean allRows, boolean allowIncomplete) {
        return written(to -> text(report, allRows, allowIncomplete, to));
    }

    /**
     * The text, written to {@code to} as it is produced: with {@code allRows} a line per GPU and
     * result, which for 100,000 documents is millions of lines, made twice (the columns' widths,
     * then the lines) and never held.
     */
    public static void text(FleetFindings report, boolean allRows, boolean allowIncomplete, Writer out) throws IOException {
        text(report, allRows, allowIncomplete, 0, out);
    }

    /**
     * {@link #text(FleetFindings, boolean, boolean, Writer)}, with {@code skipped} documents left
     * out as unreadable ({@code --skip-bad}, each named on stderr) counted in the summary line.
     */
    public static void text(FleetFindings report, boolean allRows, boolean allowIncomplete, int skipped, Writer out)
            throws IOException {
        out.write(String.format(Locale.ROOT, "fleet: %s from %s on %s, %d model group%s; "
                        + "outlier: more than max(%s, the noise floor) worse than the median, and modified z < -%s in groups of %d or more%n",
                counted(report.runs().size(), "GPU run"), counted(report.documents(), "document"),
                counted(report.nodes().size(), "node"), report.groups().size(),
                report.groups().size() == 1 ? "" : "s", Numbers.text(report.rule().margin() * 100) + "%",
                Numbers.text(report.rule().zLimit()), FleetRule.Z_MIN_GROUP));
        for (ModelGroup group : report.groups()) {
            out.write('\n');
            // Indented: its title and first column are document text, which never begins a line.
            if (allRows) {
                rowsTable(group).write(out, TABLE_MARGIN, rows(group));
            } else {
                summary(group).write(out, TABLE_MARGIN, List.of());
            }
        }
        long resting = 0;
        for (FleetMember run : report.runs()) {
            var link = run.link().filter(GpuRun.LinkState::generationReduced).filter(l -> !l.widthReduced());
            if (link.isPresent()) {
                resting++;
                if (allRows) {
                    out.write("note: " + TerminalText.field(run.who()) + ": link " + link.get().describe()
                            + " at rest (GPUs lower the link speed while idle; not a failure)\n");
                }
            }
        }
        if (!allRows && resting > 0) {
            out.write("note: " + resting + " GPU run" + (resting == 1 ? "" : "s")
                    + " recorded the link below its maximum generation at rest (GPUs lower the link speed while idle; not a failure)\n");
        }
        // About the node, not a verdict: the allocation spread is no part of any band.
        for (UnstablePlacement.Finding h : report.placement()) {
            out.write("host: " + TerminalText.sentence(h.line()) + "\n");
        }
        // Judged all the same (--allow-disturbed): what disturbed them is said, once per GPU run.
        if (report.allowDisturbed()) {
            for (FleetMember run : report.runs()) {
                for (var d : run.disturbances()) {
                    out.write("disturbed: " + TerminalText.field(run.who()) + ": " + d.kind().label() + ": "
                            + TerminalText.sentence(d.detail()) + " (judged: --allow-disturbed)\n");
                }
            }
        }
        out.write('\n');
        for (Node node : report.nodes()) {
            if (allRows || node.state() != State.PASS || !node.disturbed().isEmpty()) {
                out.write(verdict(node));
                out.write('\n');
            }
        }
        long disturbed = report.nodesIn(State.DISTURBED);
        out.write(String.format(Locale.ROOT, "fleet: %d node%s PASS, %d FAIL, %d NO RESULT%s%s%n", report.nodesIn(State.PASS),
                report.nodesIn(State.PASS) == 1 ? "" : "s", report.nodesIn(State.FAIL), report.nodesIn(State.NO_RESULT),
                disturbed > 0 ? ", " + disturbed + " DISTURBED" : "",
                skipped > 0 ? ", " + counted(skipped, "unreadable document") + " skipped" : ""));
        out.write(switch (report.verdict(allowIncomplete)) {
            case PASS -> "fleet: PASS\n";
            case FAIL -> "fleet: FAIL\n";
            case DISTURBED -> "fleet: DISTURBED (measured while disturbed: nothing judged, re-run)\n";
            case NO_RESULT -> allowIncomplete ? "fleet: NO RESULT (allowed by --allow-incomplete)\n" : "fleet: NO RESULT\n";
        });
    }

    /** {@code 1 node}, {@code 2 nodes}. */
    private static String counted(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /**
     * One row per result: how the group spread, and how many GPUs fell outside it; where a GPU of
     * the group has several runs (a {@code --runs N} document, or several documents of one GPU), a
     * CoV column with the largest run-to-run CoV of such a GPU.
     */
    private static TextTable summary(ModelGroup group) {
        boolean covs = hasCovs(group);
        List<Column> columns = new ArrayList<>(List.of(Column.left("result"), Column.right("GPUs"), Column.right("median"),
                Column.right("MAD"), Column.right("worst"), Column.right("best"), Column.right("band"), Column.left("rule"),
                Column.right("outliers")));
        if (covs) {
            columns.add(Column.right("CoV"));
        }
        TextTable table = TextTable.titled(TerminalText.field(group.model()) + " (" + counted(group.runs().size(), "GPU run") + ")",
                columns.toArray(Column[]::new));
        for (ResultSpread s : group.results()) {
            double worst = s.higherIsBetter() ? s.min() : s.max();
            double best = s.higherIsBetter() ? s.max() : s.min();
            List<String> cells = new ArrayList<>(List.of(s.name(), Integer.toString(s.size()),
                    Numbers.text(s.median()) + " " + s.unit(), Numbers.text(s.mad()),
                    Numbers.text(worst), Numbers.text(best), "±" + Numbers.text(s.band() * 100) + "%",
                    s.size() < 2 ? "alone" : s.size() == 2 ? "vs other" : s.zUsed() ? "band+z" : "band",
                    Integer.toString(s.outliers().cardinality())));
            if (covs) {
                cells.add(cov(s.worstCov()));
            }
            table.addRow(cells.toArray(String[]::new));
        }
        return table;
    }

    /** Whether a GPU of the group has several runs of a result: then the tables show run-to-run CoVs. */
    private static boolean hasCovs(ModelGroup group) {
        return group.results().stream().anyMatch(s -> s.covs().length > 0);
    }

    /** A run-to-run CoV as a percentage with two decimals (as compare writes it), {@code -} for a GPU of one run. */
    static String cov(double cov) {
        return Double.isFinite(cov) ? dev.xfer.app.format.Decimals.fixed(cov * 100, 2) + "%" : "-";
    }

    private static TextTable rowsTable(ModelGroup group) {
        List<Column> columns = new ArrayList<>(List.of(Column.left("result"), Column.right("median"), Column.right("MAD"),
                Column.left("GPU"), Column.right("value"), Column.right("vs median"), Column.right("z")));
        if (hasCovs(group)) {
            columns.add(Column.right("CoV"));
        }
        columns.add(Column.left(""));
        return TextTable.titled(TerminalText.field(group.model()) + " (" + counted(group.runs().size(), "GPU run") + ")",
                columns.toArray(Column[]::new));
    }

    /** Every GPU's row for every result of the group, each made when asked for (a stream's flatMap would buffer a result's rows). */
    private static Iterable<List<String>> rows(ModelGroup group) {
        List<ResultSpread> results = group.results();
        boolean covs = hasCovs(group);
        return () -> new Iterator<>() {
            private int result;
            private int gpu;

            @Override
            public boolean hasNext() {
                while (result < results.size() && gpu >= results.get(result).size()) {
                    result++;
                    gpu = 0;
                }
                return result < results.size();
            }

            @Override
            public List<String> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ResultSpread spread = results.get(result);
                int i = gpu++;
                Deviation d = spread.deviation(i);
                boolean first = i == 0;
                List<String> cells = new ArrayList<>(List.of(first ? spread.name() : "",
                        first ? Numbers.text(spread.median()) + " " + spread.unit() : "",
                        first ? Numbers.text(spread.mad()) : "", d.run().who(), Numbers.text(d.value()),
                        Numbers.percent(d.deviation()), spread.zUsed() ? Numbers.z(d.z()) : "-"));
                if (covs) {
                    cells.add(cov(d.runToRunCov()));
                }
                cells.add(mark(d));
                return cells;
            }
        };
    }

    /** A GPU's row mark: OUTLIER, and {@code disturbed} for a disturbed run judged under --allow-disturbed. */
    private static String mark(Deviation d) {
        String outlier = d.outlier() ? "OUTLIER" : "";
        return d.run().disturbed() ? (outlier + " disturbed").strip() : outlier;
    }

    /**
     * {@code node HOST: PASS (n GPU runs)}, {@code node HOST: FAIL <who>: <reason>; ...},
     * {@code NO RESULT} or {@code DISTURBED <who>: disturbed, not judged (re-run): <kind>: <detail>},
     * with the document's text in it escaped and capped ({@link TerminalText}). A node whose
     * disturbed runs were judged (--allow-disturbed) says so: {@code (disturbed: judged)}.
     */
    public static String verdict(Node node) {
        // Judged only where --allow-disturbed was given: then no finding of the node is DISTURBED.
        boolean judged = node.findings().stream().noneMatch(f -> f.state() == State.DISTURBED);
        String mark = node.disturbed().isEmpty() || node.state() == State.DISTURBED || !judged ? ""
                : " (" + node.disturbed().size() + " disturbed GPU run" + (node.disturbed().size() == 1 ? "" : "s")
                + " judged: --allow-disturbed)";
        if (node.state() == State.PASS) {
            return "node " + TerminalText.field(node.host()) + ": PASS (" + node.runs() + " GPU run" + (node.runs() == 1 ? "" : "s") + ")" + mark;
        }
        // The failures first: they are why the node is FAIL; reasons for no result, then disturbances follow.
        List<Finding> ordered = new ArrayList<>(node.findings().stream().filter(f -> f.state() == State.FAIL).toList());
        ordered.addAll(node.findings().stream().filter(f -> f.state() == State.NO_RESULT).toList());
        ordered.addAll(node.findings().stream().filter(f -> f.state() == State.DISTURBED).toList());
        ordered.addAll(node.findings().stream().filter(f -> f.state() == State.PASS).toList());
        return "node " + TerminalText.field(node.host()) + ": " + node.state().text() + " " + ordered.stream()
                .map(f -> TerminalText.field(f.run().who()) + ": " + TerminalText.sentence(f.reason())).collect(Collectors.joining("; "))
                + mark;
    }

    public static String json(FleetFindings report) {
        return written(to -> json(report, to));
    }

    /**
     * The report as JSON, written to {@code to} as it is produced: one GPU's row at a time, so a
     * fleet's JSON never stands whole in memory (100,000 documents of 36 results: 3.6 million rows).
     */
    public static void json(FleetFindings report, Writer to) throws IOException {
        Json.write(FleetDocument.of(report), to);
    }

    /** What {@code rendering} writes, as one string: for small reports and tests. */
    private static String written(Rendering rendering) {
        StringWriter out = new StringWriter();
        try {
            rendering.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not throw
        }
        return out.toString();
    }

    @FunctionalInterface
    private interface Rendering {
        void writeTo(Writer to) throws IOException;
    }

    private static String json(State state) {
        return state.label();
    }

    public static String csv(FleetFindings report) {
        return written(to -> csv(report, to));
    }

    /**
     * A figure's CSV cell: empty where there is none (a z of a group without spread, a figure
     * that is not a number), as every other missing field; never {@code NaN} or {@code Infinity}.
     */
    static String number(double value) {
        return Double.isFinite(value) ? String.valueOf(value) : "";
    }

    /** The report as CSV, one row per result and GPU run, written to {@code to} a row at a time. */
    public static void csv(FleetFindings report, Writer to) throws IOException {
        to.write(Csv.line(List.of("model", "result", "unit", "higher_is_better", "median", "mad", "host", "label", "uuid",
                "pci_bus_id", "file", "value", "deviation", "z", "outlier", "node_state", "run_to_run_cov")));
        Map<String, State> states = new HashMap<>();
        report.nodes().forEach(n -> states.put(n.host(), n.state()));
        for (ModelGroup group : report.groups()) {
            for (ResultSpread spread : group.results()) {
                for (int i = 0; i < spread.size(); i++) {
                    Deviation d = spread.deviation(i);
                    FleetMember r = d.run();
                    to.write(Csv.line(Arrays.asList(group.model(), spread.name(), spread.unit(), String.valueOf(spread.higherIsBetter()),
                            number(spread.median()), number(spread.mad()), r.host(), r.label().orElse(""),
                            r.uuid().orElse(""), r.busId(), r.file(), number(d.value()),
                            number(d.deviation()), number(d.z()),
                            String.valueOf(d.outlier()), json(states.get(r.host())), number(d.runToRunCov()))));
                }
            }
        }
        // Runs with no number to put in a row still get one: a node with no result must not vanish from the table.
        for (FleetMember r : report.runs()) {
            if (!r.measured() || (r.disturbed() && !report.allowDisturbed())) {
                to.write(Csv.line(Arrays.asList(r.model(), "", "", "", "", "", r.host(), r.label().orElse(""), r.uuid().orElse(""),
                        r.busId(), r.file(), "", "", "", "", json(states.get(r.host())), "")));
            }
        }
    }

    /** One test case per node and GPU run, in a suite per node; NO RESULT is an {@code <error>}. */
    public static String junit(FleetFindings report, Instant when) {
        return junit(report, when, List.of());
    }

    /**
     * {@link #junit(FleetFindings, Instant)}, and a suite of the documents skipped as unreadable,
     * each an error naming its file: CI must not show green for a node whose result was not read.
     * A GPU run's test case names its document, so two documents of one GPU never share a name.
     */
    public static String junit(FleetFindings report, Instant when, List<BadDocumentException> skipped) {
        return written(to -> junit(report, when, skipped, to));
    }

    /** {@link #junit(FleetFindings, Instant, List)} written to {@code to} a suite (a node) at a time. */
    public static void junit(FleetFindings report, Instant when, List<BadDocumentException> skipped, Writer to) throws IOException {
        Map<String, List<FleetMember>> byHost = new LinkedHashMap<>();
        report.runs().forEach(r -> byHost.computeIfAbsent(r.host(), h -> new ArrayList<>()).add(r));
        Map<FleetMember, List<Finding>> byRun = new java.util.IdentityHashMap<>();
        report.findings().forEach(f -> byRun.computeIfAbsent(f.run(), r -> new ArrayList<>()).add(f));
        Stream<JUnitXml.TestSuite> nodes = byHost.entrySet().stream().map(e -> suite(e.getKey(), e.getValue(), byRun, when));
        Stream<JUnitXml.TestSuite> unreadable = skipped.isEmpty() ? Stream.empty() : Stream.of(unreadable(skipped, when));
        JUnitXml.write(to, Stream.concat(nodes, unreadable).iterator());
    }

    private static JUnitXml.TestSuite suite(String host, List<FleetMember> runs, Map<FleetMember, List<Finding>> byRun, Instant when) {
        List<JUnitXml.TestCase> cases = new ArrayList<>();
        for (FleetMember run : runs) {
            List<Finding> findings = byRun.getOrDefault(run, List.of());
            State state = findings.stream().map(Finding::state).reduce(State.PASS, State::worse);
            String details = findings.stream().map(Finding::reason).collect(Collectors.joining("\n"));
            JUnitXml.Outcome outcome = switch (state) {
                case PASS -> new JUnitXml.Passed();
                case FAIL -> new JUnitXml.Failed(findings.stream().filter(f -> f.state() == State.FAIL)
                        .findFirst().orElseThrow().reason(), "fleet", details);
                case NO_RESULT -> new JUnitXml.Errored("NO RESULT: " + findings.stream().filter(f -> f.state() == State.NO_RESULT)
                        .findFirst().orElseThrow().reason(), "fleet.noResult", details);
                // Not judged, neither passed nor failed: skipped, its evidence the message (re-run).
                case DISTURBED -> new JUnitXml.Skipped("DISTURBED: " + findings.stream().filter(f -> f.state() == State.DISTURBED)
                        .findFirst().orElseThrow().reason());
            };
            cases.add(new JUnitXml.TestCase("xfer.fleet." + host, run.who() + " in " + run.file(), Duration.ZERO, outcome));
        }
        return new JUnitXml.TestSuite("xfer fleet " + host, when, host, cases);
    }

    private static JUnitXml.TestSuite unreadable(List<BadDocumentException> skipped, Instant when) {
        List<JUnitXml.TestCase> cases = new ArrayList<>();
        for (BadDocumentException bad : skipped) {
            cases.add(new JUnitXml.TestCase("xfer.fleet.unreadable", bad.file().toString(), Duration.ZERO,
                    new JUnitXml.Errored(bad.why(), "xfer.UnreadableDocument", bad.getMessage())));
        }
        return new JUnitXml.TestSuite("xfer fleet unreadable documents", when, "", cases);
    }
}
