package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fleet and compare over documents whose evidence found a disturbance (docs/evidence.md): a
 * disturbed current run is DISTURBED and exits 6, never PASS and never a REGRESSION or an outlier;
 * a FAIL elsewhere still exits 1; a disturbed baseline run is left out and said; --allow-disturbed
 * judges them, marked.
 */
class DisturbedGatesTest {
    private static final String PROCESS = "pid 4711 (python) holds a context on GPU 0";

    @TempDir
    Path dir;

    private static Map<String, Object> disturbed(Gpu gpu) {
        Map<String, Object> doc = FleetFixtures.document(gpu, null, 0.1, 20);
        doc.put("disturbances", List.of(JsonMaps.object("kind", "foreign-process", "detail", PROCESS,
                "evidence", JsonMaps.object("pid", 4711L, "name", "python"))));
        return doc;
    }

    private Path quiet(String name, Gpu gpu) {
        return FleetFixtures.write(dir, name, FleetFixtures.document(gpu, null, 0.1, 20));
    }

    private Path noisy(String name, Gpu gpu) {
        return FleetFixtures.write(dir, name, disturbed(gpu));
    }

    private void steadyFleet() {
        quiet("nodes/n1.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        quiet("nodes/n2.json", new Gpu("n2", "NVIDIA H200", 0, 55.2));
        quiet("nodes/n3.json", new Gpu("n3", "NVIDIA H200", 0, 54.9));
    }

    @Test
    void fleetADisturbedSlowNodeIsDisturbedNotAnOutlierAndExitsSix() throws IOException {
        steadyFleet();
        noisy("nodes/n4.json", new Gpu("n4", "NVIDIA H200", 0, 30));
        Path junit = dir.resolve("fleet.xml");
        XferRun run = XferRun.of("fleet", "--junit", junit.toString(), dir.resolve("nodes").toString());
        assertEquals(6, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("node n4: DISTURBED n4 GPU-"), run.out());
        assertTrue(run.out().contains("(device 0): disturbed, not judged (re-run): foreign-process: " + PROCESS), run.out());
        assertFalse(run.out().contains("OUTLIER") || run.out().contains("FAIL n4"), run.out());
        assertTrue(run.out().endsWith("fleet: 3 nodes PASS, 0 FAIL, 0 NO RESULT, 1 DISTURBED\n"
                + "fleet: DISTURBED (measured while disturbed: nothing judged, re-run)\n"), run.out());
        // Its 30 GB/s is in no group: the median is the three quiet nodes'.
        assertTrue(run.out().contains("55 GB/s"), run.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("<skipped message=\"DISTURBED: disturbed, not judged (re-run): foreign-process: " + PROCESS), xml);

        XferRun json = XferRun.of("fleet", "--json", dir.resolve("nodes").toString());
        assertEquals(6, json.exitCode());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(json.out());
        assertEquals("disturbed", doc.get("state"));
        assertEquals(false, doc.get("passed"));
        Map<?, ?> n4 = (Map<?, ?>) ((List<?>) doc.get("nodes")).get(3);
        assertEquals("disturbed", n4.get("state"));
        assertEquals(true, n4.get("disturbed"));
        Map<?, ?> d = (Map<?, ?>) ((List<?>) n4.get("disturbances")).getFirst();
        assertEquals("foreign-process", d.get("kind"));
        assertEquals(PROCESS, d.get("detail"));
        assertEquals(false, d.get("judged"));

        XferRun csv = XferRun.of("fleet", "--csv", dir.resolve("nodes").toString());
        assertTrue(csv.out().strip().endsWith(",disturbed,"), "the disturbed node keeps a row: " + csv.out());
    }

    @Test
    void fleetAFailElsewhereStillExitsOne() {
        steadyFleet();
        quiet("nodes/n5.json", new Gpu("n5", "NVIDIA H200", 0, 30));
        noisy("nodes/n4.json", new Gpu("n4", "NVIDIA H200", 0, 55));
        XferRun run = XferRun.of("fleet", dir.resolve("nodes").toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("node n5: FAIL "), run.out());
        assertTrue(run.out().contains("node n4: DISTURBED "), run.out());
        assertTrue(run.out().endsWith("fleet: FAIL\n"), run.out());
    }

    @Test
    void fleetNoResultOutranksDisturbedUnlessAllowed() {
        steadyFleet();
        noisy("nodes/n4.json", new Gpu("n4", "NVIDIA H200", 0, 55));
        Map<String, Object> incomplete = FleetFixtures.document(new Gpu("n6", "NVIDIA H200", 0, 55), null, 0.1, 20);
        incomplete.put("complete", false);
        FleetFixtures.write(dir, "nodes/n6.json", incomplete);
        XferRun run = XferRun.of("fleet", dir.resolve("nodes").toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().endsWith("fleet: NO RESULT\n"), run.out());
        XferRun allowed = XferRun.of("fleet", "--allow-incomplete", dir.resolve("nodes").toString());
        assertEquals(6, allowed.exitCode(), allowed.out());
        assertTrue(allowed.out().endsWith("fleet: DISTURBED (measured while disturbed: nothing judged, re-run)\n"), allowed.out());
    }

    @Test
    void fleetAFailureRecordedWhileDisturbedIsNotJudged() {
        steadyFleet();
        Map<String, Object> doc = disturbed(new Gpu("n4", "NVIDIA H200", 0, 55));
        doc.put("failures", List.of(FleetFixtures.wrongByte("pinned h2d 64MiB")));
        FleetFixtures.write(dir, "nodes/n4.json", doc);
        XferRun run = XferRun.of("fleet", dir.resolve("nodes").toString());
        assertEquals(6, run.exitCode(), run.out());
        assertTrue(run.out().contains("not judged, measured while disturbed: failure recorded: pinned h2d 64MiB: wrong byte"), run.out());
        XferRun judged = XferRun.of("fleet", "--allow-disturbed", dir.resolve("nodes").toString());
        assertEquals(1, judged.exitCode(), judged.out());
    }

    @Test
    void aFailingNodeWithADisturbedRunSaysItWasNotJudged() {
        // Seen on an H100 (2026-11-27): a node FAILed by one quiet run also held disturbed runs, and
        // its line said they were judged under --allow-disturbed, which was not given.
        steadyFleet();
        noisy("nodes/n4-gpu0.json", new Gpu("n4", "NVIDIA H200", 0, 55));
        Map<String, Object> failed = FleetFixtures.document(new Gpu("n4", "NVIDIA H200", 1, 55), null, 0.1, 20);
        failed.put("failures", List.of(FleetFixtures.wrongByte("pinned h2d 64MiB")));
        FleetFixtures.write(dir, "nodes/n4-gpu1.json", failed);
        XferRun run = XferRun.of("fleet", dir.resolve("nodes").toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("disturbed, not judged (re-run)"), run.out());
        assertTrue(!run.out().contains("judged: --allow-disturbed"), run.out());
    }

    @Test
    void fleetAllowDisturbedJudgesThemMarked() {
        steadyFleet();
        noisy("nodes/n4.json", new Gpu("n4", "NVIDIA H200", 0, 30));
        XferRun run = XferRun.of("fleet", "--allow-disturbed", "--all-rows", dir.resolve("nodes").toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("node n4: FAIL "), run.out());
        assertTrue(run.out().contains("(1 disturbed GPU run judged: --allow-disturbed)"), run.out());
        assertTrue(run.out().contains("OUTLIER disturbed"), run.out());
        assertTrue(run.out().contains("disturbed: n4 GPU-"), run.out());
        assertTrue(run.out().contains("foreign-process: " + PROCESS + " (judged: --allow-disturbed)"), run.out());

        XferRun json = XferRun.of("fleet", "--allow-disturbed", "--json", dir.resolve("nodes").toString());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(json.out());
        assertEquals(true, doc.get("allowDisturbed"));
        Map<?, ?> group = (Map<?, ?>) ((List<?>) doc.get("groups")).getFirst();
        Map<?, ?> result = (Map<?, ?>) ((List<?>) group.get("results")).getFirst();
        long marked = ((List<?>) result.get("gpus")).stream().filter(g -> Boolean.TRUE.equals(((Map<?, ?>) g).get("disturbed"))).count();
        assertEquals(1, marked, json.out());

        Path healthy = dir.resolve("healthy");
        FleetFixtures.write(healthy, "n1.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 55), null, 0.1, 20));
        FleetFixtures.write(healthy, "n4.json", disturbed(new Gpu("n4", "NVIDIA H200", 0, 55)));
        XferRun ok = XferRun.of("fleet", "--allow-disturbed", healthy.toString());
        assertEquals(0, ok.exitCode(), ok.out());
        assertTrue(ok.out().contains("node n4: PASS (1 GPU run) (1 disturbed GPU run judged: --allow-disturbed)"), ok.out());
    }

    @Test
    void compareADisturbedCurrentRunIsNoRegressionAndExitsSix() {
        Path before = quiet("before.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        Path after = noisy("after.json", new Gpu("n1", "NVIDIA H200", 0, 30));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(6, run.exitCode(), run.out() + run.err());
        assertFalse(run.out().contains("REGRESSION") || run.out().contains("MISSING"), run.out());
        assertTrue(run.out().contains("DISTURBED current " + after + ": n1 GPU-"), run.out());
        assertTrue(run.out().contains("foreign-process: " + PROCESS + " (not judged: re-run)"), run.out());
        assertTrue(run.out().endsWith("compare: DISTURBED (measured while disturbed: nothing judged, re-run)\n"), run.out());

        XferRun json = XferRun.of("compare", "--json", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(6, json.exitCode());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(json.out());
        assertEquals("disturbed", doc.get("state"));
        assertEquals(false, doc.get("passed"));
        Map<?, ?> d = (Map<?, ?>) ((List<?>) doc.get("disturbances")).getFirst();
        assertEquals(List.of("current", after.toString(), "foreign-process", PROCESS, false),
                List.of(d.get("side"), d.get("file"), d.get("kind"), d.get("detail"), d.get("judged")));

        XferRun report = XferRun.of("compare", before.toString(), after.toString());
        assertEquals(0, report.exitCode(), "without --fail-on-regression compare is a report: " + report.out());
    }

    @Test
    void compareAFailElsewhereStillExitsOne() {
        Path before = dir.resolve("before");
        Path after = dir.resolve("after");
        quiet("before/a.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        quiet("before/b.json", new Gpu("n2", "NVIDIA H200", 0, 55));
        noisy("after/a.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        quiet("after/b.json", new Gpu("n2", "NVIDIA H200", 0, 30));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("REGRESSION"), run.out());
        assertTrue(run.out().contains("DISTURBED current "), run.out());
    }

    @Test
    void compareADisturbedBaselineRunIsLeftOutAndSaid() {
        quiet("before/a.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        Path left = noisy("before/b.json", new Gpu("n1", "NVIDIA H200", 0, 20));
        Path after = quiet("after.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", dir.resolve("before").toString(), after.toString());
        assertEquals(0, run.exitCode(), run.out());
        assertTrue(run.out().contains("note: baseline " + left + ": n1 GPU-"), run.out());
        assertTrue(run.out().contains("foreign-process: " + PROCESS + " (disturbed: left out)"), run.out());
        assertTrue(run.out().contains("1+1"), "one baseline run judged, not two: " + run.out());
        assertTrue(run.out().contains(", 0 better beyond noise,"), "the 20 GB/s baseline run was left out: " + run.out());
    }

    @Test
    void compareEveryBaselineRunDisturbedIsNoBaselineAndExitsSix() {
        Path before = noisy("before.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        Path after = quiet("after.json", new Gpu("n1", "NVIDIA H200", 0, 40));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(6, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("compare: no baseline: every baseline run was disturbed and left out; re-run the baseline\n"), run.out());
        assertFalse(run.out().contains("MISSING") || run.out().contains("REGRESSION"), run.out());
        XferRun report = XferRun.of("compare", "--json", before.toString(), after.toString());
        assertEquals(6, report.exitCode(), "no baseline to report on, gate or not: " + report.out());
        assertEquals(true, ((Map<?, ?>) JsonMaps.parse(report.out())).get("noBaseline"));
    }

    @Test
    void compareAllowDisturbedJudgesThemMarked() {
        Path before = quiet("before.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        Path after = noisy("after.json", new Gpu("n1", "NVIDIA H200", 0, 30));
        XferRun run = XferRun.of("compare", "--allow-disturbed", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("REGRESSION (disturbed)"), run.out());
        assertTrue(run.out().contains("disturbed: current " + after + ": n1 GPU-"), run.out());
        assertFalse(run.out().contains("compare: DISTURBED"), run.out());
        XferRun json = XferRun.of("compare", "--allow-disturbed", "--json", "--fail-on-regression", "5%", before.toString(), after.toString());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(json.out());
        assertEquals("fail", doc.get("state"));
        Map<?, ?> row = (Map<?, ?>) ((List<?>) doc.get("results")).getFirst();
        assertEquals(true, row.get("disturbed"));
        assertEquals(true, ((Map<?, ?>) ((List<?>) doc.get("disturbances")).getFirst()).get("judged"));

        Path steady = quiet("steady.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        Path steadyNoisy = noisy("steady-noisy.json", new Gpu("n1", "NVIDIA H200", 0, 55));
        XferRun same = XferRun.of("compare", "--allow-disturbed", "--fail-on-regression", "5%", steady.toString(), steadyNoisy.toString());
        assertEquals(0, same.exitCode(), same.out());
    }
}
