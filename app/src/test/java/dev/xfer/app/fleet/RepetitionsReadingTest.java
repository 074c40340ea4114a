package dev.xfer.app.fleet;

import dev.xfer.app.output.OpenMetrics;

import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Documents written with {@code --runs N}: {@code runs} holds each repetition's document, and
 * everything that reads documents takes each repetition as one run of its GPU (compare's rank
 * test from one document a side, fleet's runs of one GPU on one node, OpenMetrics' label sets).
 */
class RepetitionsReadingTest {
    private static final double MARGIN = 0.05;

    /** A --runs document of {@code gpu}, its repetitions' H2D and D2H rates {@code rates}[k] apart. */
    private static Map<String, Object> repetitions(Gpu gpu, double... rates) {
        List<Object> runs = new ArrayList<>();
        for (double rate : rates) {
            runs.add(FleetFixtures.document(new Gpu(gpu.host(), gpu.model(), gpu.index(), rate), null, 0.1, 20));
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", 1L);
        doc.put("command", "bandwidth");
        Map<String, Object> parameters = new LinkedHashMap<>(FleetFixtures.parameters(20));
        parameters.put("runs", (long) rates.length);
        doc.put("parameters", parameters);
        doc.put("runs", runs);
        return doc;
    }

    private static List<DocumentSet.Judged> judged(String file, Map<String, Object> doc) {
        return new DocumentSet().judge(Path.of(file), JsonMaps.parse(Json.write(doc)));
    }

    private static CompareAnalysis.Row row(CompareAnalysis.CompareFindings report, String name) {
        return report.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void eachRepetitionIsOneRunOfTheSameGpuWithItsNumber() {
        Gpu gpu = new Gpu("n1", "NVIDIA H200", 0, 55);
        List<GpuRun> runs = new DocumentReader().runs(Path.of("n1.json"),
                JsonMaps.parse(Json.write(repetitions(gpu, 55.0, 54.8, 55.2))));
        assertEquals(3, runs.size());
        for (int k = 0; k < 3; k++) {
            assertEquals(k + 1, runs.get(k).repetition().orElseThrow());
            assertEquals(runs.getFirst().gpuKey(), runs.get(k).gpuKey(), "one GPU");
            assertTrue(runs.get(k).who().endsWith("(device 0) run " + (k + 1)), runs.get(k).who());
        }
        assertEquals(55.2, runs.get(2).measurement("pinned.h2d.64MiB.gbps").orElseThrow().median(), 1e-12);
    }

    @Test
    void fiveRepetitionsASideFromOneDocumentEachReachTheRankTest() {
        Gpu gpu = new Gpu("n1", "NVIDIA H200", 0, 55);
        List<DocumentSet.Judged> before = judged("before.json", repetitions(gpu, 55.0, 54.9, 55.1, 55.2, 54.8));
        List<DocumentSet.Judged> slower = judged("after.json", repetitions(gpu, 44.0, 44.1, 43.9, 44.2, 43.8));
        var report = new CompareAnalysis(FleetFixtures.FLOORS, MARGIN, false).compare(before, slower);
        CompareAnalysis.Row h2d = row(report, "pinned.h2d.64MiB.gbps");
        assertEquals(CompareAnalysis.Basis.RANK_TEST, h2d.basis());
        assertEquals(Verdict.REGRESSION, h2d.verdict());
        assertFalse(report.passes(MARGIN));

        List<DocumentSet.Judged> same = judged("again.json", repetitions(gpu, 55.05, 54.85, 55.15, 54.95, 55.25));
        var quiet = new CompareAnalysis(FleetFixtures.FLOORS, MARGIN, false).compare(before, same);
        assertEquals(CompareAnalysis.Basis.RANK_TEST, row(quiet, "pinned.h2d.64MiB.gbps").basis());
        assertTrue(quiet.passes(MARGIN), CompareText.text(quiet, MARGIN));
    }

    @Test
    void compareOfOneRunsDocumentASideJudgesByTheRankTest(@org.junit.jupiter.api.io.TempDir Path dir) {
        Gpu gpu = new Gpu("n1", "NVIDIA H200", 0, 55);
        Path base = FleetFixtures.write(dir, "base.json", repetitions(gpu, 55.0, 54.9, 55.1, 55.2, 54.8));
        Path now = FleetFixtures.write(dir, "now.json", repetitions(gpu, 44.0, 44.1, 43.9, 44.2, 43.8));
        var run = dev.xfer.app.cli.XferRun.of("compare", "--fail-on-regression", "5%", base.toString(), now.toString());
        assertEquals(dev.xfer.app.cli.ExitCode.CHECK_FAILED, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.contains("pinned.h2d.64MiB.gbps") && l.contains("runs: rank test")
                && l.contains("5+5") && l.contains("REGRESSION")), run.out());
        // Each side's run-to-run CoV beside its runs: stddev 0.158 of the medians over means 55.0 and 44.0.
        assertTrue(run.out().lines().anyMatch(l -> l.contains("pinned.h2d.64MiB.gbps") && l.contains("5+5  0.29%+0.36%")),
                run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.matches(".*runs\\s+CoV\\s+noise.*")), run.out());
        var json = dev.xfer.app.cli.XferRun.of("compare", "--json", "--fail-on-regression", "5%", base.toString(), now.toString());
        Map<?, ?> h2d = ((List<?>) ((Map<?, ?>) JsonMaps.parse(json.out())).get("results")).stream().map(r -> (Map<?, ?>) r)
                .filter(r -> r.get("name").equals("pinned.h2d.64MiB.gbps")).findFirst().orElseThrow();
        assertEquals(0.0028748, (Double) h2d.get("baselineCov"), 1e-6);
        assertEquals(0.0035935, (Double) h2d.get("currentCov"), 1e-6);
        // --csv carries the same two fields, last, as --json's results order them.
        var csv = dev.xfer.app.cli.XferRun.of("compare", "--csv", "--fail-on-regression", "5%", base.toString(), now.toString());
        List<String> lines = csv.out().lines().toList();
        assertTrue(lines.getFirst().endsWith(",disturbed,baseline_cov,current_cov"), lines.getFirst());
        String[] row = lines.stream().filter(l -> l.contains(",pinned.h2d.64MiB.gbps,")).findFirst().orElseThrow().split(",", -1);
        assertEquals(0.0028748, Double.parseDouble(row[row.length - 2]), 1e-6);
        assertEquals(0.0035935, Double.parseDouble(row[row.length - 1]), 1e-6);
    }

    @Test
    void plotDrawsTheLastRepetitionAndSaysSo() throws java.io.IOException {
        // plot binds what xfer writes: three repetitions of a real bandwidth document.
        String one = new String(getClass().getResourceAsStream("/golden/bandwidth.json").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        String params = Json.write(((Map<?, ?>) JsonMaps.parse(one)).get("parameters"));
        String doc = "{\"schemaVersion\": 1, \"command\": \"bandwidth\", \"parameters\": "
                + params.substring(0, params.lastIndexOf('}')) + ", \"runs\": 3}, \"runs\": [" + one + ", " + one + ", " + one + "]}";
        var figures = new dev.xfer.app.plot.DocumentCharts("t").figures(dev.xfer.app.plot.PlotDocument.of(doc));
        assertFalse(figures.getFirst().isChart(), "first a note");
        assertTrue(figures.stream().anyMatch(dev.xfer.app.plot.DocumentCharts.Figure::isChart), "then the charts");
    }

    @Test
    void fleetTakesRepetitionsAsRunsOfOneGpuOnOneNode() {
        List<GpuRun> runs = new ArrayList<>(new DocumentReader().runs(Path.of("n1.json"),
                JsonMaps.parse(Json.write(repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9, 55.1, 55.2, 54.8)))));
        runs.addAll(FleetFixtures.runs(List.of(new Gpu("n2", "NVIDIA H200", 0, 55.05))));
        var report = new FleetAnalysis(dev.xfer.app.fleet.FleetRule.standard(), FleetFixtures.FLOORS).analyse(runs);
        assertEquals(2, report.nodes().size(), "two nodes, not six: " + report.nodes());
        FleetAnalysis.Node n1 = report.nodes().stream().filter(n -> n.host().equals("n1")).findFirst().orElseThrow();
        assertEquals(5, n1.runs(), "five runs of one GPU on n1");
        Set<String> gpus = new HashSet<>();
        runs.forEach(r -> gpus.add(r.gpuKey()));
        assertEquals(2, gpus.size(), "two GPUs");
        assertTrue(report.passed(), FleetText.text(report));
    }

    @Test
    void aSlowRepetitionIsNamedWithItsNumber() {
        List<GpuRun> runs = new ArrayList<>(new DocumentReader().runs(Path.of("n1.json"),
                JsonMaps.parse(Json.write(repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9, 40.0, 55.2, 54.8)))));
        var report = new FleetAnalysis(dev.xfer.app.fleet.FleetRule.standard(), FleetFixtures.FLOORS).analyse(runs);
        assertFalse(report.passed());
        assertTrue(report.findings().stream().allMatch(f -> f.run().who().endsWith(" run 3")),
                report.findings().toString());
    }

    @Test
    void aRunStoppedBetweenRepetitionsIsNoResultAndARepetitionsFailureFailsItsRun() {
        Map<String, Object> doc = repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9);
        doc.put("complete", false);
        doc.put("stopped", JsonMaps.object("reason", "SIGINT", "measured", 2L, "planned", 5L,
                "message", "interrupted (SIGINT) after 2 of 5 runs"));
        @SuppressWarnings("unchecked")
        Map<String, Object> second = (Map<String, Object>) ((List<Object>) doc.get("runs")).get(1);
        second.put("failures", List.of(FleetFixtures.wrongByte("pinned h2d 64MiB")));
        List<DocumentStatus.Status> statuses = DocumentStatus.of(
                new DocumentReader().document(Path.of("n1.json"), JsonMaps.parse(Json.write(doc))), 2);
        assertEquals(2, statuses.size());
        assertFalse(statuses.get(0).noResult().isEmpty(), "the whole run's stop goes with its first run: " + statuses);
        assertTrue(statuses.get(1).noResult().isEmpty(), statuses.toString());
        assertFalse(statuses.get(1).failures().isEmpty(), "the second repetition's failure: " + statuses);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBadFieldInARepetitionIsNamedWithItsPlaceAndAnEmptyRunsIsNoRun() {
        Map<String, Object> doc = repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9);
        Map<String, Object> second = (Map<String, Object>) ((List<Object>) doc.get("runs")).get(1);
        ((Map<String, Object>) second.get("context")).put("host", 7L);
        BadDocumentException bad = assertThrows(BadDocumentException.class,
                () -> new DocumentReader().runs(Path.of("n1.json"), JsonMaps.parse(Json.write(doc))));
        assertTrue(bad.getMessage().contains("runs[1].context.host: expected"), bad.getMessage());

        Map<String, Object> empty = repetitions(new Gpu("n1", "NVIDIA H200", 0, 55));
        assertThrows(BadDocumentException.class,
                () -> new DocumentReader().runs(Path.of("n1.json"), JsonMaps.parse(Json.write(empty))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRepetitionsStatusFieldIsBoundStrictlyAndNamedWithItsPlace() {
        Map<String, Object> doc = repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9, 55.1);
        Map<String, Object> third = (Map<String, Object>) ((List<Object>) doc.get("runs")).get(2);
        ((Map<String, Object>) ((List<Object>) third.get("results")).getFirst()).put("verified", "yes");
        Object parsed = JsonMaps.parse(Json.write(doc));
        BadDocumentException bad = assertThrows(BadDocumentException.class,
                () -> new DocumentReader().document(Path.of("n1.json"), parsed));
        assertTrue(bad.getMessage().contains("runs[2].results[0].verified: expected true or false"), bad.getMessage());
        assertThrows(BadDocumentException.class, () -> new DocumentSet().judge(Path.of("n1.json"), parsed));

        ((Map<String, Object>) ((List<Object>) third.get("results")).getFirst()).put("verified", false);
        List<DocumentSet.Judged> judged = judged("n1.json", doc);
        assertEquals(3, judged.size());
        assertEquals(DocumentStatus.State.PASS, judged.get(0).status().state());
        assertEquals(DocumentStatus.State.PASS, judged.get(1).status().state());
        assertEquals(DocumentStatus.State.FAIL, judged.get(2).status().state(), judged.get(2).status().toString());
        assertEquals(3, judged.get(2).run().repetition().orElseThrow());
    }

    @Test
    void openMetricsGivesEachRepetitionItsOwnLabelSet() {
        List<GpuRun> runs = new DocumentReader().runs(Path.of("n1.json"),
                JsonMaps.parse(Json.write(repetitions(new Gpu("n1", "NVIDIA H200", 0, 55), 55.0, 54.9, 55.1))));
        String text = OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        for (int k = 1; k <= 3; k++) {
            assertTrue(text.contains("run=\"" + k + "\""), text);
        }
        List<String> samples = text.lines().filter(l -> !l.startsWith("#")).toList();
        Set<String> labelSets = new HashSet<>();
        samples.forEach(l -> labelSets.add(l.substring(0, l.lastIndexOf(' '))));
        assertEquals(samples.size(), labelSets.size(), "no label set twice:\n" + text);
    }
}
