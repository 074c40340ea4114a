package dev.xfer.app.plot;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Crossover;
import dev.xfer.app.fleet.CompareDocument;
import dev.xfer.app.fleet.FleetDocument;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
import dev.xfer.app.verdict.DocumentStatus.State;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

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
            case PlotDocument.Measured measured -> out.addAll(measured(measured.command(), measured.tree()));
        }
        if (out.isEmpty()) {
            out.add(Figure.note(document.command(), "nothing to draw: plot draws bandwidth, overlap, pipeline, batch, check, "
                    + "fleet and compare documents"));
        }
        return out;
    }

    /** A measuring command's document: one device's, several devices', or --runs N's repetitions. */
    private List<Figure> measured(String command, Map<?, ?> doc) {
        List<Figure> out = new ArrayList<>();
        if (doc.get("devices") instanceof List<?> devices && !devices.isEmpty()
                && devices.getFirst() instanceof Map<?, ?> first && first.containsKey("context")) {
            for (Object device : devices) {
                if (device instanceof Map<?, ?> one) {
                    out.addAll(oneDevice(command, one));
                }
            }
        } else if (doc.get("context") instanceof Map<?, ?>) {
            out.addAll(oneDevice(command, doc));
        } else if (doc.get("runs") instanceof List<?> runs && !runs.isEmpty() && runs.getLast() instanceof Map<?, ?> last) {
            // --runs N: the last repetition's charts; compare and fleet judge them all.
            out.add(Figure.note(command, "runs: " + runs.size() + "; the charts are of the last, run " + runs.size()));
            List<Figure> lastFigures = measured(command, last);
            if (lastFigures.isEmpty()) {
                lastFigures = List.of(Figure.note(command, "nothing to draw: plot draws bandwidth, overlap, pipeline, batch, "
                        + "check, fleet and compare documents"));
            }
            out.addAll(lastFigures);
        }
        return out;
    }

    private List<Figure> oneDevice(String command, Map<?, ?> doc) {
        Map<?, ?> context = (Map<?, ?>) doc.get("context");
        Caption caption = Caption.of(context);
        String device = device(context);
        List<?> results = doc.get("results") instanceof List<?> r ? r : List.of();
        return switch (command) {
            case "bandwidth", "smoke" -> bandwidth(results, context, caption, device);
            case "overlap" -> overlap(doc, results, caption, device);
            case "pipeline" -> pipeline(results, caption, device);
            case "batch" -> batch(doc, results, caption, device);
            case "check" -> check(results, caption, device);
            default -> List.of();
        };
    }

    private List<Figure> bandwidth(List<?> results, Map<?, ?> context, Caption caption, String device) {
        List<BandwidthChart.Point> host = new ArrayList<>();
        List<BandwidthChart.Point> onDevice = new ArrayList<>();
        List<Crossover.Point> paths = new ArrayList<>();
        for (Object o : results) {
            if (o instanceof Map<?, ?> r && r.get("memory") instanceof String memory
                    && r.get("direction") instanceof String direction && r.get("bytes") instanceof Number bytes
                    && r.get("gbps") instanceof Map<?, ?> gbps && gbps.get("median") instanceof Number median) {
                // A staged or kernel row is its own line beside the driver's (and each grid of a blocks sweep).
                CopyPath path = r.get("copy") instanceof String c ? copyPath(c) : CopyPath.DRIVER;
                String via = path == CopyPath.DRIVER ? "" : " " + path.label()
                        + (r.get("blocks") instanceof Number b ? " " + b.longValue() + " blocks" : "");
                paths.add(new Crossover.Point(memory, direction, path, bytes.longValue(), median.doubleValue()));
                String kind = (direction.equals("d2d") ? "device" : memory) + via
                        + (r.get("numaNode") instanceof Number node ? " node" + node.longValue() : "");
                BandwidthChart.Point p = new BandwidthChart.Point(kind, direction,
                        bytes.longValue(), median.doubleValue(), number(gbps.get("min"), median.doubleValue()),
                        number(gbps.get("max"), median.doubleValue()));
                (direction.equals("d2d") ? onDevice : host).add(p);
            }
        }
        List<Figure> out = new ArrayList<>();
        Map<?, ?> dev = context.get("device") instanceof Map<?, ?> d ? d : Map.of();
        OptionalDouble link = dev.get("linkTheoreticalGBps") instanceof Number n ? OptionalDouble.of(n.doubleValue())
                : OptionalDouble.empty();
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

    private List<Figure> overlap(Map<?, ?> doc, List<?> results, Caption caption, String device) {
        Map<String, List<ScheduleTimeline>> byNode = new LinkedHashMap<>();
        if (doc.get("timelines") instanceof List<?> timelines) {
            for (Object o : timelines) {
                if (o instanceof Map<?, ?> t) {
                    byNode.computeIfAbsent(node(t.get("numaNode")), k -> new ArrayList<>()).add(timeline(t));
                }
            }
        }
        Map<?, ?> params = doc.get("parameters") instanceof Map<?, ?> p ? p : Map.of();
        String setup = number(params.get("streams"), 0) > 0
                ? String.format(java.util.Locale.ROOT, ", %d stream%s, %s", (long) number(params.get("streams"), 0),
                number(params.get("streams"), 0) == 1 ? "" : "s", text(params.get("memory"), "?")) : "";
        List<Figure> out = new ArrayList<>();
        for (Map.Entry<String, List<ScheduleTimeline>> e : byNode.entrySet()) {
            Map<String, Double> medians = new LinkedHashMap<>();
            for (Object o : results) {
                if (o instanceof Map<?, ?> r && node(r.get("numaNode")).equals(e.getKey())
                        && r.get("schedule") instanceof String s && r.get("milliseconds") instanceof Map<?, ?> ms
                        && ms.get("median") instanceof Number median) {
                    medians.put(s, median.doubleValue());
                }
            }
            String title = "Copy/compute overlap" + setup + (e.getKey().isEmpty() ? "" : ", NUMA node " + e.getKey())
                    + ", " + device;
            out.add(Figure.chart(title, TimelineChart.draw(id(), title, e.getValue(), ideal(doc, e.getKey()), medians,
                    caption)));
        }
        if (out.isEmpty() && !results.isEmpty()) {
            out.add(Figure.note("Copy/compute overlap, " + device, "no timelines in this document (written by an xfer "
                    + "that did not record them)"));
        }
        return out;
    }

    private static OptionalDouble ideal(Map<?, ?> doc, String node) {
        if (doc.get("models") instanceof List<?> models) {
            for (Object o : models) {
                if (o instanceof Map<?, ?> m && node(m.get("numaNode")).equals(node) && m.get("idealMs") instanceof Number n) {
                    return OptionalDouble.of(n.doubleValue());
                }
            }
        }
        if (doc.get("model") instanceof Map<?, ?> m && m.get("idealMs") instanceof Number n) {
            return OptionalDouble.of(n.doubleValue());
        }
        return OptionalDouble.empty();
    }

    private List<Figure> pipeline(List<?> results, Caption caption, String device) {
        List<Figure> out = new ArrayList<>();
        for (Object o : results) {
            if (o instanceof Map<?, ?> r && r.get("timeline") instanceof Map<?, ?> t) {
                OptionalDouble ideal = r.get("model") instanceof Map<?, ?> m && m.get("idealMs") instanceof Number n
                        ? OptionalDouble.of(n.doubleValue()) : OptionalDouble.empty();
                ScheduleTimeline timeline = timeline(t);
                Map<String, Double> medians = r.get("milliseconds") instanceof Map<?, ?> ms && ms.get("median") instanceof Number md
                        ? Map.of(timeline.schedule(), md.doubleValue()) : Map.of();
                String title = "Pipeline, one lane per buffer, " + device;
                out.add(Figure.chart(title, TimelineChart.draw(id(), title, List.of(timeline), ideal, medians, caption)));
            }
        }
        if (out.isEmpty() && !results.isEmpty()) {
            out.add(Figure.note("Pipeline, " + device, "no timeline in this document"));
        }
        return out;
    }

    private List<Figure> batch(Map<?, ?> doc, List<?> results, Caption caption, String device) {
        Map<String, List<BatchChart.Bar>> byNode = new LinkedHashMap<>();
        for (Object o : results) {
            if (o instanceof Map<?, ?> r && r.get("strategy") instanceof String strategy) {
                boolean available = !Boolean.FALSE.equals(r.get("available"))
                        && r.get("milliseconds") instanceof Map<?, ?>;
                Map<?, ?> ms = r.get("milliseconds") instanceof Map<?, ?> m ? m : Map.of();
                double median = number(ms.get("median"), 0);
                byNode.computeIfAbsent(node(r.get("numaNode")), k -> new ArrayList<>()).add(new BatchChart.Bar(strategy,
                        available, median, number(ms.get("min"), median), number(ms.get("max"), median),
                        number(r.get("gbps"), 0)));
            }
        }
        Map<?, ?> p = doc.get("parameters") instanceof Map<?, ?> m ? m : Map.of();
        String subtitle = String.format(java.util.Locale.ROOT, "%d buffers of %d bytes (%d bytes in all) to the device",
                (long) number(p.get("count"), 0), (long) number(p.get("bytes"), 0), (long) number(p.get("totalBytes"), 0));
        List<Figure> out = new ArrayList<>();
        for (Map.Entry<String, List<BatchChart.Bar>> e : byNode.entrySet()) {
            String title = "Batch of small copies, one bar per strategy" + (e.getKey().isEmpty() ? "" : ", NUMA node "
                    + e.getKey()) + ", " + device;
            out.add(Figure.chart(title, BatchChart.draw(title, e.getValue(), subtitle, caption)));
        }
        return out;
    }

    private List<Figure> check(List<?> results, Caption caption, String device) {
        List<CheckChart.Row> rows = new ArrayList<>();
        for (Object o : results) {
            if (o instanceof Map<?, ?> r && r.get("scenario") instanceof String scenario) {
                rows.add(new CheckChart.Row(scenario, Boolean.TRUE.equals(r.get("synchronized")),
                        (long) number(r.get("trials"), 0), (long) number(r.get("wrongTrials"), 0),
                        text(r.get("verdict"), "?")));
            }
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        String title = "Race check, wrong trials per scenario, " + device;
        return List.of(Figure.chart(title, CheckChart.draw(id(), title, rows, caption)));
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

    private static ScheduleTimeline timeline(Map<?, ?> t) {
        List<TimedOp> ops = new ArrayList<>();
        if (t.get("ops") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> op) {
                    ops.add(new TimedOp((int) number(op.get("stream"), 0), (int) number(op.get("chunk"), 0),
                            TimedOp.Stage.fromLabel(text(op.get("stage"), "?")), number(op.get("startUs"), 0),
                            number(op.get("endUs"), 0)));
                }
            }
        }
        return new ScheduleTimeline(text(t.get("schedule"), "?"), ops);
    }

    private String id() {
        return idPrefix + "c" + next++;
    }

    private static String device(Map<?, ?> context) {
        Map<?, ?> dev = context.get("device") instanceof Map<?, ?> d ? d : Map.of();
        return "GPU " + (long) number(dev.get("index"), 0) + " " + text(dev.get("name"), "");
    }

    private static String node(Object value) {
        return value instanceof Number n ? Long.toString(n.longValue()) : "";
    }

    private static String text(Object value, String otherwise) {
        return value instanceof String s ? s : otherwise;
    }

    private static double number(Object value, double otherwise) {
        return value instanceof Number n ? n.doubleValue() : otherwise;
    }
}
