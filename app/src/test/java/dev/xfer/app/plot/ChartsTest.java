package dev.xfer.app.plot;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every chart from fixed records: well-formed XML, axes with units, a legend, a caption, one mark
 * per data point; golden SVGs under golden/plot-*.svg (rewrite with -Dxfer.updateGolden=true and
 * review the diff, or open them in a browser).
 */
class ChartsTest {
    private static final Caption CAPTION = new Caption("NVIDIA H200 0000:17:00.0 · host gpu-host-1 · CUDA driver 13.0, "
            + "runtime 13.0 · 2025-06-01T12:34:56Z · xfer 0.1.0-test");

    private static void assertGolden(String name, String actual) throws IOException {
        GoldenFile.assertMatches(name, actual, name);
    }

    /** Two series over 4 KiB .. 4 GiB, GB/s rising to a ceiling as real sweeps do. */
    static List<BandwidthChart.Point> sweep() {
        List<BandwidthChart.Point> points = new ArrayList<>();
        for (String direction : List.of("h2d", "d2h")) {
            for (int p = 12; p <= 32; p++) {
                long bytes = 1L << p;
                double ceiling = direction.equals("h2d") ? 55.0 : 55.4;
                double median = ceiling * bytes / (bytes + 400_000.0);
                points.add(new BandwidthChart.Point("pinned", direction, bytes, median, median * 0.95, median * 1.01));
            }
        }
        return points;
    }

    @Test
    void bandwidthHasAMarkPerPointASpreadPerSeriesAndBothRates() throws IOException {
        String svg = BandwidthChart.draw("Host ↔ device bandwidth", sweep(), OptionalDouble.of(63.0), CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("bytes", "GB/s");
        assertEquals(42, xml.count("point"), "one marker per size and direction");
        assertEquals(2, xml.count("series"));
        assertEquals(2, xml.count("spread"));
        xml.one("link");
        xml.one("best");
        assertEquals(11, xml.one("x-axis").getElementsByTagNameNS(SvgXml.SVG_NS, "text").getLength() - 1,
                "4KiB .. 4GiB every second power, plus the title");
        assertGolden("plot-bandwidth.svg", svg);
    }

    @Test
    void bandwidthOfOnePointWithoutALink() {
        SvgXml xml = SvgXml.parse(BandwidthChart.draw("one", List.of(new BandwidthChart.Point("pinned", "h2d", 16 << 20,
                52.6, 52.1, 53.0)), OptionalDouble.empty(), CAPTION));
        assertEquals(1, xml.count("point"));
        assertEquals(0, xml.count("link"));
        xml.one("best");
        assertThrows(IllegalArgumentException.class, () -> BandwidthChart.draw("none", List.of(), OptionalDouble.empty(), CAPTION));
    }

    @Test
    void timelineHasABarPerOperationInItsStreamAndItsEngineLane() throws IOException {
        List<ScheduleTimeline> timelines = ResultsFixtures.overlapTimelines(4);
        String svg = TimelineChart.draw("t0", "Copy/compute overlap", timelines,
                OptionalDouble.of(ResultsFixtures.overlapModel().idealMs()), Map.of("sequential", 1.0, "v1", 0.47, "v2", 0.47),
                CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("µs", null);
        int ops = timelines.stream().mapToInt(t -> t.ops().size()).sum();
        assertEquals(3 + 12 + 12, ops);
        assertEquals(ops, xml.count("op"));
        assertEquals(ops, xml.count("engine-op"));
        assertEquals(3, xml.count("schedule"));
        assertEquals(3, xml.count("ideal"), "the ideal time across every schedule");
        assertEquals(3 * 3, xml.byClass("op").stream().filter(e -> e.getAttribute("class").endsWith("kernel")).count(),
                "one kernel per chunk of v1 and v2, one for sequential");
        assertGolden("plot-timeline.svg", svg);
    }

    @Test
    void timelineDrawsAKernelOfOneStreamAtTheTimeOfAnotherStreamsCopy() {
        SvgXml xml = SvgXml.parse(TimelineChart.draw("t0", "v1", List.of(ResultsFixtures.overlapTimelines(4).get(1)),
                OptionalDouble.empty(), Map.of(), CAPTION));
        List<Element> ops = xml.byClass("op");
        boolean overlap = false;
        for (Element kernel : ops) {
            for (Element copy : ops) {
                if (kernel.getAttribute("class").endsWith("kernel") && !copy.getAttribute("class").endsWith("kernel")
                        && !kernel.getAttribute("y").equals(copy.getAttribute("y"))) {
                    double k0 = Double.parseDouble(kernel.getAttribute("x"));
                    double k1 = k0 + Double.parseDouble(kernel.getAttribute("width"));
                    double c0 = Double.parseDouble(copy.getAttribute("x"));
                    double c1 = c0 + Double.parseDouble(copy.getAttribute("width"));
                    overlap |= k0 < c1 && c0 < k1;
                }
            }
        }
        assertTrue(overlap, "a kernel bar and another stream's copy bar share columns");
    }

    @Test
    void timelineOfOneStreamWithAZeroWidthOperation() {
        ScheduleTimeline t = new ScheduleTimeline(OverlapSchedule.SEQUENTIAL, List.of(
                new TimedOp(0, 0, TimedOp.Stage.H2D, 0, 100),
                new TimedOp(0, 0, TimedOp.Stage.KERNEL, 150, 150),
                new TimedOp(0, 0, TimedOp.Stage.D2H, 200, 300)));
        SvgXml xml = SvgXml.parse(TimelineChart.draw("z", "one", List.of(t), OptionalDouble.empty(), Map.of(), CAPTION));
        assertEquals(3, xml.count("op"));
        for (Element e : xml.byClass("op")) {
            assertTrue(Double.parseDouble(e.getAttribute("width")) >= 0.5, "visible: " + e.getAttribute("width"));
        }
        assertEquals(0, xml.count("ideal"));
    }

    @Test
    void timelineOfSixteenStreamsHasALanePerStream() {
        List<ScheduleTimeline> timelines = ResultsFixtures.overlapTimelines(16);
        SvgXml xml = SvgXml.parse(TimelineChart.draw("s", "16", timelines, OptionalDouble.empty(), Map.of(), CAPTION));
        assertEquals(1 + 3 + (16 + 3) * 2, xml.count("lane"));
        assertEquals(timelines.stream().mapToInt(t -> t.ops().size()).sum(), xml.count("op"));
    }

    @Test
    void batchHasTwoBarsPerAvailableStrategyAndTheBaseline() throws IOException {
        List<BatchChart.Bar> bars = List.of(
                new BatchChart.Bar("pageable-blocking", true, 540, 492, 606, 7.4),
                new BatchChart.Bar("pinned-async", true, 75, 74.5, 76, 53.3),
                new BatchChart.Bar("pin-then-copy-async", true, 84.5, 84, 85, 47.3),
                new BatchChart.Bar("staged", false, 0, 0, 0, 0));
        String svg = BatchChart.draw("Batch", bars, "1000 buffers of 4000000 bytes", CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("ms", null);
        assertEquals(3, xml.count("time"));
        assertEquals(3, xml.count("rate"));
        assertEquals(3, xml.count("whisker"));
        assertEquals(1, xml.count("unavailable"));
        assertEquals(2, xml.count("baseline"), "in the time panel and the GB/s panel");
        assertTrue(xml.byClass("axis-title").stream().anyMatch(e -> e.getTextContent().contains("(GB/s)")));
        assertGolden("plot-batch.svg", svg);
    }

    @Test
    void checkHasABarPerScenario() throws IOException {
        List<CheckChart.Row> rows = List.of(new CheckChart.Row("d2h-nosync", false, 100, 4, "race_observed"),
                new CheckChart.Row("d2h-sync", true, 100, 0, "safe"),
                new CheckChart.Row("h2d-overwrite", false, 100, 100, "race_observed"));
        String svg = CheckChart.draw("k", "Race check", rows, CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("count", null);
        assertEquals(3, xml.count("bar"));
        assertEquals(3, xml.count("value"));
        assertTrue(xml.byClass("value").get(0).getTextContent().startsWith("4 of 100 wrong"));
        assertGolden("plot-check.svg", svg);
    }

    @Test
    void fleetHasADotPerGpuPerMetricAndMarksOutliers() throws IOException {
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(SvgXml.resource("/golden/fleet.json"));
        int dots = 0;
        int outliers = 0;
        for (Object g : (List<?>) doc.get("groups")) {
            for (Object r : (List<?>) ((Map<?, ?>) g).get("results")) {
                for (Object gpu : (List<?>) ((Map<?, ?>) r).get("gpus")) {
                    dots++;
                    outliers += Boolean.TRUE.equals(((Map<?, ?>) gpu).get("outlier")) ? 1 : 0;
                }
            }
        }
        List<DocumentCharts.Figure> figures = new DocumentCharts("f-").figures(PlotDocument.of(Json.write(doc)));
        // The chart, then the note naming the nodes that did not pass (node-c has no usable GPU).
        assertEquals(2, figures.size());
        String svg = figures.getFirst().svg();
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("%", null);
        assertEquals(dots, xml.count("point"));
        assertTrue(outliers > 0);
        assertEquals(outliers, xml.count("outlier"));
        assertEquals(outliers, xml.count("outlier-label"));
        assertGolden("plot-fleet.svg", svg);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aDisturbedFleetNodeIsCountedInTheNote() throws IOException {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(SvgXml.resource("/golden/fleet.json"));
        for (Object n : (List<?>) doc.get("nodes")) {
            Map<String, Object> node = (Map<String, Object>) n;
            if ("pass".equals(node.get("state"))) {
                node.put("state", "disturbed");
                node.put("passed", false);
                node.put("findings", List.of(JsonMaps.object("host", node.get("host"), "label", null, "uuid", null,
                        "pciBusId", "0000:17:00.0", "index", 0L, "file", "node-a-0.json", "state", "disturbed",
                        "reason", "disturbed, not judged (re-run): foreign-process: pid 4711 (python) holds a context on GPU 0")));
                break;
            }
        }
        String note = new DocumentCharts("f-").figures(PlotDocument.of(Json.write(doc))).getLast().note();
        assertTrue(note.contains(", 1 DISTURBED (not judged, re-run). "), note);
        assertTrue(note.contains("DISTURBED: disturbed, not judged (re-run): foreign-process: pid 4711 (python)"), note);
    }

    @Test
    void compareHasADotPerResultOverItsNoiseBandAndMarksRegressions() throws IOException {
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(SvgXml.resource("/golden/compare.json"));
        List<?> results = (List<?>) doc.get("results");
        long failed = results.stream().filter(r -> Boolean.TRUE.equals(((Map<?, ?>) r).get("failed"))).count();
        List<DocumentCharts.Figure> figures = new DocumentCharts("c-").figures(PlotDocument.of(Json.write(doc)));
        assertEquals(1, figures.size());
        assertTrue(figures.getFirst().isChart(), "a compare document is drawn, not \"nothing to draw\"");
        String svg = figures.getFirst().svg();
        SvgXml xml = SvgXml.parse(svg);
        xml.assertFrame("%", null);
        assertEquals(results.size(), xml.count("point"));
        assertEquals(results.size(), xml.count("noise"));
        assertTrue(failed > 0);
        assertEquals(failed, xml.count("regression"));
        assertEquals(failed, xml.count("regression-label"));
        assertEquals(results.size(), xml.count("threshold"), "--fail-on-regression marked on every row");
        assertRowLabelsFit(xml);
        assertGolden("plot-compare.svg", svg);
    }

    @Test
    void fleetRowLabelsAreNeverClippedAtTheLeft() {
        String model = "NVIDIA H200 NVL with a rather long marketing name";
        List<FleetChart.Row> rows = List.of(
                new FleetChart.Row(model, "pinned.h2d.1MiB.numa-node-1.staged.gbps", "GB/s", true, 50,
                        List.of(new FleetChart.Dot("n1", 0, 50, false), new FleetChart.Dot("n2", 0, 30, true))),
                new FleetChart.Row("W".repeat(500), "m".repeat(500), "GB/s", true, 50,
                        List.of(new FleetChart.Dot("n1", 0, 50, false))));
        SvgXml xml = SvgXml.parse(FleetChart.draw("Fleet", rows, CAPTION));
        assertRowLabelsFit(xml);
        assertTrue(xml.byClass("row-label").get(1).getTextContent().contains("…"), "a 500-character name is cut");
    }

    @Test
    void fleetJsonWithNullZScoresIsDrawn() throws IOException {
        // MAD 0 gives infinite z-scores, which fleet's JSON writes as null.
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(SvgXml.resource("/golden/fleet.json"));
        String json = Json.write(doc).replaceAll("\"z\": [-0-9.eE]+", "\"z\": null");
        assertTrue(json.contains("\"z\": null"));
        List<DocumentCharts.Figure> figures = new DocumentCharts("z-").figures(PlotDocument.of(json));
        // The chart, then the note naming the golden fleet's failed node (its document records a wrong byte).
        assertEquals(2, figures.size());
        assertTrue(figures.getFirst().isChart());
    }

    /** Every row label, right-aligned at its x, starts inside the picture by the estimate of its width. */
    private static void assertRowLabelsFit(SvgXml xml) {
        List<Element> labels = xml.byClass("row-label");
        assertTrue(!labels.isEmpty());
        for (Element label : labels) {
            double right = Double.parseDouble(label.getAttribute("x"));
            double size = Double.parseDouble(label.getAttribute("font-size"));
            double width = TextWidth.of(label.getTextContent(), size);
            assertTrue(right - width >= 0, () -> "clipped at the left: " + label.getTextContent());
        }
    }
}
