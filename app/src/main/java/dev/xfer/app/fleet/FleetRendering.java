package dev.xfer.app.fleet;

import dev.xfer.app.fleet.FleetAnalysis.Deviation;
import dev.xfer.app.fleet.FleetAnalysis.Finding;
import dev.xfer.app.fleet.FleetAnalysis.FleetReport;
import dev.xfer.app.fleet.FleetAnalysis.ModelGroup;
import dev.xfer.app.fleet.FleetAnalysis.ResultSpread;
import dev.xfer.app.report.Csv;
import dev.xfer.app.report.JUnitXml;
import dev.xfer.app.report.Json;
import dev.xfer.app.report.TerminalText;
import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A fleet report as text, JSON, CSV and JUnit XML. */
public final class FleetRendering {
    private static final String TABLE_MARGIN = "  ";

    private FleetRendering() {
    }

    public static String text(FleetReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(java.util.Locale.ROOT, "fleet: %d GPU runs from %d documents on %d nodes, %d model group%s; "
                        + "outlier: modified z < -%s and more than %s worse than the median%n",
                report.runs().size(), report.documents(), report.hosts().size(), report.groups().size(),
                report.groups().size() == 1 ? "" : "s", Numbers.text(report.rule().zLimit()),
                Numbers.text(report.rule().margin() * 100) + "%"));
        for (ModelGroup group : report.groups()) {
            out.append('\n');
            TextTable table = TextTable.titled(TerminalText.field(group.model()) + " (" + group.runs().size() + " GPU runs)",
                    Column.left("result"), Column.right("median"), Column.right("MAD"), Column.left("GPU"),
                    Column.right("value"), Column.right("vs median"), Column.right("z"), Column.left(""));
            for (ResultSpread spread : group.results()) {
                boolean first = true;
                for (Deviation d : spread.deviations()) {
                    table.addRow(first ? spread.name() : "", first ? Numbers.text(spread.median()) + " " + spread.unit() : "",
                            first ? Numbers.text(spread.mad()) : "", d.run().who(), Numbers.text(d.value()),
                            Numbers.percent(d.deviation()), Numbers.z(d.z()), d.outlier() ? "OUTLIER" : "");
                    first = false;
                }
            }
            // Indented: its title and first column are document text, which never begins a line.
            out.append(table.render(TABLE_MARGIN));
        }
        for (GpuRun run : report.runs()) {
            run.link().filter(GpuRun.LinkState::generationReduced).filter(l -> !l.widthReduced()).ifPresent(l ->
                    out.append("note: ").append(TerminalText.field(run.who())).append(": link ").append(l.describe())
                            .append(" at rest (GPUs lower the link speed while idle; not a failure)\n"));
        }
        out.append('\n');
        for (String host : report.hosts()) {
            out.append(verdict(report, host)).append('\n');
        }
        out.append(report.passed() ? "fleet: PASS\n" : "fleet: FAIL\n");
        return out.toString();
    }

    /**
     * {@code node HOST: PASS (n GPU runs)} or {@code node HOST: FAIL <who>: <reason>; ...}, with
     * the document's text in it escaped and capped ({@link TerminalText}).
     */
    public static String verdict(FleetReport report, String host) {
        List<GpuRun> runs = report.runs().stream().filter(r -> r.host().equals(host)).toList();
        List<Finding> findings = report.findings().stream().filter(f -> f.run().host().equals(host)).toList();
        if (findings.isEmpty()) {
            return "node " + TerminalText.field(host) + ": PASS (" + runs.size() + " GPU run" + (runs.size() == 1 ? "" : "s") + ")";
        }
        return "node " + TerminalText.field(host) + ": FAIL " + findings.stream()
                .map(f -> TerminalText.field(f.run().who()) + ": " + TerminalText.sentence(f.reason()))
                .collect(Collectors.joining("; "));
    }

    public static String json(FleetReport report) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentReader.SCHEMA_VERSION);
        doc.put("command", "fleet");
        doc.put("rule", Json.object("margin", report.rule().margin(), "zLimit", report.rule().zLimit()));
        List<Object> groups = new ArrayList<>();
        for (ModelGroup group : report.groups()) {
            List<Object> results = new ArrayList<>();
            for (ResultSpread spread : group.results()) {
                List<Object> gpus = new ArrayList<>();
                for (Deviation d : spread.deviations()) {
                    Map<String, Object> gpu = gpu(d.run());
                    gpu.put("value", d.value());
                    gpu.put("deviation", d.deviation());
                    gpu.put("z", Numbers.json(d.z()));
                    gpu.put("outlier", d.outlier());
                    gpus.add(gpu);
                }
                results.add(Json.object("name", spread.name(), "unit", spread.unit(), "higherIsBetter", spread.higherIsBetter(),
                        "median", spread.median(), "mad", spread.mad(), "gpus", gpus));
            }
            groups.add(Json.object("model", group.model(), "gpuRuns", (long) group.runs().size(), "results", results));
        }
        doc.put("groups", groups);
        List<Object> nodes = new ArrayList<>();
        for (String host : report.hosts()) {
            List<Object> reasons = new ArrayList<>();
            report.findings().stream().filter(f -> f.run().host().equals(host)).forEach(f -> {
                Map<String, Object> r = gpu(f.run());
                r.put("reason", f.reason());
                reasons.add(r);
            });
            nodes.add(Json.object("host", host, "passed", reasons.isEmpty(), "findings", reasons));
        }
        doc.put("nodes", nodes);
        doc.put("passed", report.passed());
        return Json.write(doc);
    }

    private static Map<String, Object> gpu(GpuRun run) {
        return Json.object("host", run.host(), "label", run.label().orElse(null), "uuid", run.uuid().orElse(null),
                "pciBusId", run.busId(), "index", (long) run.index(), "file", run.file().toString());
    }

    public static String csv(FleetReport report) {
        Csv csv = Csv.withHeader("model", "result", "unit", "higher_is_better", "median", "mad", "host", "label", "uuid",
                "pci_bus_id", "file", "value", "deviation", "z", "outlier");
        for (ModelGroup group : report.groups()) {
            for (ResultSpread spread : group.results()) {
                for (Deviation d : spread.deviations()) {
                    GpuRun r = d.run();
                    csv.addRow(group.model(), spread.name(), spread.unit(), String.valueOf(spread.higherIsBetter()),
                            String.valueOf(spread.median()), String.valueOf(spread.mad()), r.host(), r.label().orElse(""),
                            r.uuid().orElse(""), r.busId(), r.file().toString(), String.valueOf(d.value()),
                            String.valueOf(d.deviation()), Double.isFinite(d.z()) ? String.valueOf(d.z()) : "",
                            String.valueOf(d.outlier()));
                }
            }
        }
        return csv.render();
    }

    /** One test case per node and GPU run, in a suite per node. */
    public static String junit(FleetReport report, Instant when) {
        return junit(report, when, List.of());
    }

    /**
     * {@link #junit(FleetReport, Instant)}, and a suite of the documents skipped as unreadable,
     * each an error naming its file: CI must not show green for a node whose result was not read.
     * A GPU run's test case names its document, so two documents of one GPU never share a name.
     */
    public static String junit(FleetReport report, Instant when, List<BadDocumentException> skipped) {
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        for (String host : report.hosts()) {
            List<JUnitXml.TestCase> cases = new ArrayList<>();
            for (GpuRun run : report.runs().stream().filter(r -> r.host().equals(host)).toList()) {
                List<Finding> findings = report.findingsOf(run);
                JUnitXml.Outcome outcome = findings.isEmpty() ? new JUnitXml.Passed()
                        : new JUnitXml.Failed(findings.getFirst().reason(), "fleet",
                        findings.stream().map(Finding::reason).collect(Collectors.joining("\n")));
                cases.add(new JUnitXml.TestCase("xfer.fleet." + host, run.who() + " in " + run.file(), Duration.ZERO,
                        outcome));
            }
            suites.add(new JUnitXml.TestSuite("xfer fleet " + host, when, host, cases));
        }
        if (!skipped.isEmpty()) {
            List<JUnitXml.TestCase> cases = new ArrayList<>();
            for (BadDocumentException bad : skipped) {
                cases.add(new JUnitXml.TestCase("xfer.fleet.unreadable", bad.file().toString(), Duration.ZERO,
                        new JUnitXml.Errored(bad.why(), "xfer.UnreadableDocument", bad.getMessage())));
            }
            suites.add(new JUnitXml.TestSuite("xfer fleet unreadable documents", when, "", cases));
        }
        return JUnitXml.render(suites);
    }
}
