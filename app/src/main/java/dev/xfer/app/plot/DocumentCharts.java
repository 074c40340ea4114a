package dev.xfer.app.plot;

import dev.xfer.app.bandwidth.BandwidthRow;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Crossover;
import dev.xfer.app.batch.BatchDocument;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.fleet.CompareDocument;
import dev.xfer.app.fleet.FleetDocument;
import dev.xfer.app.output.ContextDocument;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.pipeline.PipelineDocument;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.verdict.DocumentStatus.State;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What a parsed xfer document can show: the charts its command's results make, read straight
 * from the document's fields (the same ones docs/results.md describes), never re-measured.
 * Fields a document lacks leave out the chart that needs them, with a note saying so.
 */
public final class DocumentCharts {
    /** A chart (its SVG) or, when there is nothing to draw, a note; {@code heading} names it. */
    public record Figure(String heading, String svg, String note) {
        static Figure chart(String heading, String svg) {
            return new Figure(heading, svg, null);
        }

        static Figure note(String heading, String note) {
            return new Figure(heading, null, note);
        }

        public boolean isChart() {
            return svg != null;
        }
    }

    private final String idPrefix;
    private int next;

    /** @param idPrefix keeps ids of patterns apart between the documents of one page */
    public DocumentCharts(String idPrefix) {
        this.idPrefix = Objects.requireNonNull(idPrefix, "idPrefix");
    }

    /** The figures of a document read by {@link ReportDocuments} (or a measuring command's own). */
    public List<Figure> figures(PlotDocument document) {
        List<Figure> out = new ArrayList<>();
        switch (document) {
            case PlotDocument.Fleet fleet -> {
                out.addAll(fleet(fleet.document()));
                out.addAll(fleetNodes(fleet.document()));
            }
            case PlotDocument.Compare compare -> out.addAll(compare(compare.document()));
            case PlotDocument.Measured measured -> out.addAll(switch (measured.document()) {
                case MeasuredDocument.Run run -> measured(run.command(), run.document());
                case MeasuredDocument.Repeated repeated -> measured(repeated.command(), repeated.document());
                case MeasuredDocument.Smoke smoke -> smoke(smoke.document());
            });
            case PlotDocument.Other other -> {
                // devices, topo, doctor, latency: nothing to chart; the note below says so.
            }
        }
        if (out.isEmpty()) {
            out.add(nothingToDraw(document.command()));
        }
        return out;
    }

    /** --runs N: the last repetition's charts; compare and fleet judge them all. */
    private static List<Figure> lastOf(String command, int runs, List<Figure> lastFigures) {
        List<Figure> out = new ArrayList<>();
        out.add(Figure.note(command, "runs: " + runs + "; the charts are of the last, run " + runs));
        out.addAll(lastFigures.isEmpty() ? List.of(nothingToDraw(command)) : lastFigures);
        return out;
    }

    private static Figure nothingToDraw(String command) {
        return Figure.note(command, "nothing to draw: plot draws bandwidth, overlap, pipeline, batch, check, fleet and "
                + "compare documents");
    }

    /** A measuring command's run: one device's, or several devices'. */
    private List<Figure> measured(String command, RunDocument run) {
        List<Figure> out = new ArrayList<>();
        for (GpuDocument gpu : run.gpus()) {
            out.addAll(oneDevice(command, gpu));
        }
        return out;
    }

    private List<Figure> measured(String command, RepeatedDocument repeated) {
        return repeated.runs().isEmpty() ? List.of()
                : lastOf(command, repeated.runs().size(), measured(command, repeated.runs().getLast()));
    }

    /** smoke's: each device's bandwidth rows (its tagged overlap and check rows have no chart here). */
    private List<Figure> smoke(SmokeDocument.Written written) {
        return switch (written) {
            case SmokeDocument.Run run -> smokeDevices(run.devices());
            case SmokeDocument.Unusable unusable -> smokeDevices(unusable.devices());
            case SmokeDocument.Repeated repeated -> repeated.runs().isEmpty() ? List.of()
                    : lastOf("smoke", repeated.runs().size(), smokeDevices(repeated.runs().getLast().devices()));
        };
    }

    private List<Figure> smokeDevices(List<SmokeDocument.Device> devices) {
        List<Figure> out = new ArrayList<>();
        for (SmokeDocument.Device device : devices) {
            out.addAll(bandwidth(rows(device.results(), BandwidthRow.class), device.context()));
        }
        return out;
    }

    private List<Figure> oneDevice(String command, GpuDocument doc) {
        ContextDocument context = doc.context();
        return switch (command) {
            case "bandwidth" -> bandwidth(rows(doc.results(), BandwidthRow.class), context);
            case "overlap" -> overlap(doc, rows(doc.results(), OverlapDocument.ScheduleRow.class), context);
            case "pipeline" -> pipeline(rows(doc.results(), PipelineDocument.PipelineRow.class), context);
            case "batch" -> batch(doc, rows(doc.results(), BatchDocument.StrategyRow.class), context);
            case "check" -> check(rows(doc.results(), CheckDocument.ScenarioRow.class), context);
            default -> List.of();
        };
    }

    /** The rows of {@code type} among {@code results} (a smoke device's also hold overlap's and check's, tagged). */
    private static <R> List<R> rows(List<?> results, Class<R> type) {
        return results.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private List<Figure> bandwidth(List<BandwidthRow> results, ContextDocument context) {
        Caption caption = Caption.of(context);
        String device = device(context);
        List<BandwidthChart.Point> host = new ArrayList<>();
        List<BandwidthChart.Point> onDevice = new ArrayList<>();
        List<Crossover.Point> paths = new ArrayList<>();
        for (BandwidthRow r : results) {
            String memory = r.memory();
            String direction = r.direction();
            double median = r.gbps().median();
            // A staged or kernel row is its own line beside the driver's (and each grid of a blocks sweep).
            CopyPath path = r.copy().map(DocumentCharts::copyPath).orElse(CopyPath.DRIVER);
            String via = path == CopyPath.DRIVER ? "" : " " + path.label()
                    + (r.blocks().isPresent() ? " " + r.blocks().getAsInt() + " blocks" : "");
            paths.add(new Crossover.Point(memory, direction, path, r.bytes(), median));
            String kind = (direction.equals("d2d") ? "device" : memory) + via
                    + (r.numaNode().isPresent() ? " node" + r.numaNode().getAsInt() : "");
            BandwidthChart.Point p = new BandwidthChart.Point(kind, direction, r.bytes(), median, r.gbps().min(),
                    r.gbps().max());
            (direction.equals("d2d") ? onDevice : host).add(p);
        }
        List<Figure> out = new ArrayList<>();
        OptionalDouble link = context.device().linkTheoreticalGBps();
        if (!host.isEmpty()) {
            String title = "Host ↔ device bandwidth, " + device;
            out.add(Figure.chart(title, BandwidthChart.draw(title, host, link, caption)));
        }
        if (!onDevice.isEmpty()) {
            String title = "Device-to-device copies, " + device;
            out.add(Figure.chart(title, BandwidthChart.draw(title, onDevice, OptionalDouble.empty(), caption)));
        }
        List<Crossover> crossovers = Crossover.of(paths);
        if (!crossovers.isEmpty()) {
            out.add(Figure.note("Copy kernel against the copy engine, " + device, String.join("; ",
                    crossovers.stream().map(c -> c.memory() + " " + c.direction() + ": " + c.describe()).toList())));
        }
        return out;
    }

    /** A row's {@code copy}; one this xfer does not know draws as the driver's, so old and new documents still draw. */
    private static CopyPath copyPath(String label) {
        try {
            return CopyPath.fromLabel(label);
        } catch (IllegalArgumentException e) {
            return CopyPath.DRIVER;
        }
    }

    private List<Figure> overlap(GpuDocument doc, List<OverlapDocument.ScheduleRow> results, ContextDocument context) {
        Caption caption = Caption.of(context);
        String device = device(context);
        Optional<OverlapDocument.Added> added = doc.extras() instanceof OverlapDocument.Added a ? Optional.of(a)
                : Optional.empty();
        Map<String, List<ScheduleTimeline>> byNode = new LinkedHashMap<>();
        for (OverlapDocument.Timeline t : added.flatMap(OverlapDocument.Added::timelines).orElse(List.of())) {
            byNode.computeIfAbsent(node(t.numaNode()), k -> new ArrayList<>()).add(new ScheduleTimeline(t.schedule(), t.ops()));
        }
        String setup = doc.parameters() instanceof OverlapDocument.Plan plan && plan.streams() > 0
                ? String.format(java.util.Locale.ROOT, ", %d stream%s, %s", plan.streams(),
                plan.streams() == 1 ? "" : "s", plan.memory()) : "";
        List<Figure> out = new ArrayList<>();
        for (Map.Entry<String, List<ScheduleTimeline>> e : byNode.entrySet()) {
            Map<String, Double> medians = new LinkedHashMap<>();
            for (OverlapDocument.ScheduleRow r : results) {
                if (node(r.numaNode()).equals(e.getKey())) {
                    medians.put(r.schedule(), r.milliseconds().median());
                }
            }
            String title = "Copy/compute overlap" + setup + (e.getKey().isEmpty() ? "" : ", NUMA node " + e.getKey())
                    + ", " + device;
            out.add(Figure.chart(title, TimelineChart.draw(id(), title, e.getValue(), ideal(added, e.getKey()), medians,
                    caption)));
        }
        if (out.isEmpty() && !results.isEmpty()) {
            out.add(Figure.note("Copy/compute overlap, " + device, "no timelines in this document (written by an xfer "
                    + "that did not record them)"));
        }
        return out;
    }

    private static OptionalDouble ideal(Optional<OverlapDocument.Added> added, String node) {
        if (added.isEmpty()) {
            return OptionalDouble.empty();
        }
        for (OverlapDocument.PassModel m : added.get().models()) {
            if (node(m.numaNode()).equals(node)) {
                return OptionalDouble.of(m.model().idealMs());
            }
        }
        return added.get().model().map(m -> OptionalDouble.of(m.idealMs())).orElse(OptionalDouble.empty());
    }

    private List<Figure> pipeline(List<PipelineDocument.PipelineRow> results, ContextDocument context) {
        Caption caption = Caption.of(context);
        String device = device(context);
        List<Figure> out = new ArrayList<>();
        for (PipelineDocument.PipelineRow r : results) {
            if (r.timeline().isPresent()) {
                PipelineDocument.Timeline t = r.timeline().get();
                ScheduleTimeline timeline = new ScheduleTimeline(t.schedule(), t.ops());
                Map<String, Double> medians = Map.of(timeline.schedule(), r.milliseconds().median());
                // The lanes are the chart's to name (its note: one per stream, then one per engine).
                String title = "Pipeline, " + device;
                out.add(Figure.chart(title, TimelineChart.draw(id(), title, List.of(timeline),
                        OptionalDouble.of(r.model().idealMs()), medians, caption)));
            }
        }
        if (out.isEmpty() && !results.isEmpty()) {
            out.add(Figure.note("Pipeline, " + device, "no timeline in this document"));
        }
        return out;
    }

    private List<Figure> batch(GpuDocument doc, List<BatchDocument.StrategyRow> results, ContextDocument context) {
        Caption caption = Caption.of(context);
        String device = device(context);
        Map<String, List<BatchChart.Bar>> byNode = new LinkedHashMap<>();
        for (BatchDocument.StrategyRow r : results) {
            boolean available = r.available() && r.milliseconds().isPresent();
            double median = r.milliseconds().map(Summary::median).orElse(0.0);
            byNode.computeIfAbsent(node(r.numaNode()), k -> new ArrayList<>()).add(new BatchChart.Bar(r.strategy(),
                    available, median, r.milliseconds().map(Summary::min).orElse(median),
                    r.milliseconds().map(Summary::max).orElse(median), r.gbps().orElse(0)));
        }
        String subtitle = doc.parameters() instanceof BatchDocument.Plan p
                ? String.format(java.util.Locale.ROOT, "%d buffers of %d bytes (%d bytes in all) to the device",
                p.count(), p.bytes(), p.totalBytes())
                : "0 buffers of 0 bytes (0 bytes in all) to the device";
        List<Figure> out = new ArrayList<>();
        for (Map.Entry<String, List<BatchChart.Bar>> e : byNode.entrySet()) {
            String title = "Batch of small copies, one bar per strategy" + (e.getKey().isEmpty() ? "" : ", NUMA node "
                    + e.getKey()) + ", " + device;
            out.add(Figure.chart(title, BatchChart.draw(title, e.getValue(), subtitle, caption)));
        }
        return out;
    }

    private List<Figure> check(List<CheckDocument.ScenarioRow> results, ContextDocument context) {
        List<CheckChart.Row> rows = results.stream().map(r -> new CheckChart.Row(r.scenario(), r.isSynchronized(),
                r.trials(), r.wrongTrials(), r.verdict())).toList();
        if (rows.isEmpty()) {
            return List.of();
        }
        String title = "Race check, wrong trials per scenario, " + device(context);
        return List.of(Figure.chart(title, CheckChart.draw(id(), title, rows, Caption.of(context))));
    }

    private List<Figure> fleet(FleetDocument doc) {
        List<FleetChart.Row> rows = new ArrayList<>();
        long gpus = 0;
        for (FleetDocument.Group group : doc.groups()) {
            gpus += group.gpuRuns();
            for (FleetDocument.Spread result : group.results()) {
                List<FleetChart.Dot> dots = result.gpus().stream()
                        .map(gpu -> new FleetChart.Dot(gpu.host(), (int) gpu.index(), gpu.value(), gpu.outlier())).toList();
                rows.add(new FleetChart.Row(group.model(), result.name(), result.unit(), result.higherIsBetter(), result.median(),
                        dots));
            }
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        String title = "Fleet: each GPU against the median of its model";
        return List.of(Figure.chart(title, FleetChart.draw(title, rows,
                new Caption(gpus + " GPU runs · " + (doc.passed() ? "no outliers" : "outliers found")))));
    }

    private List<Figure> compare(CompareDocument doc) {
        List<CompareChart.Row> rows = new ArrayList<>();
        for (CompareDocument.Row r : doc.results()) {
            double change = r.change();
            boolean worseSide = r.higherIsBetter() ? change < 0 : change > 0;
            String gpu = r.host() + " " + r.uuid().orElse(r.pciBusId());
            rows.add(new CompareChart.Row(gpu.strip(), r.name(), r.unit(), r.higherIsBetter(), r.baseline(), r.current(), change,
                    r.noise().orElse(Double.NaN), r.beyondNoise() && worseSide, r.beyondNoise() && !worseSide && change != 0,
                    r.failed()));
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        double threshold = doc.failOnRegression();
        long failed = rows.stream().filter(CompareChart.Row::failed).count();
        String title = "Compare: each result's change from the baseline, against its noise";
        return List.of(Figure.chart(title, CompareChart.draw(title, rows, threshold, new Caption(rows.size() + " results · "
                + (failed == 0 ? "no regression" : failed + " regression" + (failed == 1 ? "" : "s"))
                + String.format(java.util.Locale.ROOT, " beyond %.3g%%", threshold * 100)))));
    }

    /**
     * fleet's node verdicts, as a note when any node did not pass: a node whose document failed or
     * held no result has no dot to draw, and the report must not look healthy without it.
     */
    private static List<Figure> fleetNodes(FleetDocument doc) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (FleetDocument.NodeVerdict node : doc.nodes()) {
            // A document from before fleet wrote a node's state says only whether it passed.
            String state = node.state().map(State::label).orElse(node.passed() ? "pass" : "fail");
            counts.merge(state, 1, Integer::sum);
            if (!state.equals("pass") && problems.size() < 20 && !node.findings().isEmpty()) {
                problems.add(node.host() + ": " + state.toUpperCase(java.util.Locale.ROOT).replace('-', ' ')
                        + ": " + node.findings().getFirst().reason()
                        + (node.findings().size() > 1 ? " (and " + (node.findings().size() - 1) + " more)" : ""));
            }
        }
        if (counts.keySet().stream().allMatch("pass"::equals)) {
            return List.of();
        }
        String summary = counts.getOrDefault("pass", 0) + " nodes PASS, " + counts.getOrDefault("fail", 0) + " FAIL, "
                + counts.getOrDefault("no-result", 0) + " NO RESULT"
                + (counts.containsKey("disturbed") ? ", " + counts.get("disturbed") + " DISTURBED (not judged, re-run)" : "")
                + ". " + String.join("; ", problems);
        return List.of(Figure.note("Fleet: nodes that did not pass", summary));
    }

    private String id() {
        return idPrefix + "c" + next++;
    }

    private static String device(ContextDocument context) {
        return "GPU " + context.device().index() + " " + context.device().name();
    }

    private static String node(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "";
    }
}
