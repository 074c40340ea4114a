package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.verdict.NoiseFloors;
import dev.xfer.app.verdict.NoiseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Best-of-k results (rows with {@code allocations}) judged against the between-run noise of best-of-k
 * figures, never against their own allocation spread, which is a finding about the host instead.
 * The issue's case: a baseline whose worst of 3 host allocations ran pinned H2D at 22.8 GB/s against
 * a best of 54.0 made a band of ±137% and hid a contended run at 28.9 GB/s (-46.5%).
 */
class BestOfKVerdictTest {
    private static final String H100 = "NVIDIA H100 80GB HBM3";

    @TempDir
    Path dir;

    /** A smoke-like bandwidth document of one H100: pinned H2D and D2H, each the best of 3 allocations. */
    @SuppressWarnings("unchecked")
    private Path doc(String name, double h2dBest, double h2dWorst, double d2hBest, double d2hWorst) {
        Map<String, Object> doc = FleetFixtures.document(new Gpu("node-7", H100, 0, h2dBest, d2hBest, 16), null, 0.05, 10);
        List<Object> results = (List<Object>) doc.get("results");
        ((Map<String, Object>) results.get(0)).put("allocations", JsonMaps.object("count", 3L, "best", h2dBest, "worst", h2dWorst));
        ((Map<String, Object>) results.get(1)).put("allocations", JsonMaps.object("count", 3L, "best", d2hBest, "worst", d2hWorst));
        return FleetFixtures.write(dir, name, doc);
    }

    @Test
    void theIssuesContendedRunIsARegressionThoughTheBaselinesAllocationsSpread() {
        Path baseline = doc("baseline.json", 54.0, 22.8, 55.0, 54.6);
        Path contended = doc("contended.json", 28.9, 28.1, 54.9, 54.5);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), contended.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        String h2d = run.out().lines().filter(l -> l.contains("pinned.h2d.64MiB.gbps")).findFirst().orElseThrow();
        assertTrue(h2d.contains("-46.5%") && h2d.contains("one run: best-of-k noise floor") && h2d.endsWith("REGRESSION"), run.out());
        assertFalse(h2d.contains("137"), "the allocation spread is no band: " + h2d);
        assertTrue(run.out().contains("host: baseline node-7 ") && run.out().contains("in " + baseline + ": pinned.h2d.64MiB: worst of 3 host"
                + " allocations ran at 42% of the best: host memory placement is unstable on this node"), run.out());
        assertEquals(1, run.out().lines().filter(l -> l.startsWith("host: ")).count(), "one finding for the rate and time of one copy: " + run.out());

        XferRun json = XferRun.of("compare", "--json", "--fail-on-regression", "5%", baseline.toString(), contended.toString());
        assertEquals(1, json.exitCode(), json.err());
        Map<?, ?> report = (Map<?, ?>) JsonMaps.parse(json.out());
        Map<?, ?> row = ((List<?>) report.get("results")).stream().map(r -> (Map<?, ?>) r)
                .filter(r -> r.get("name").equals("pinned.h2d.64MiB.gbps")).findFirst().orElseThrow();
        assertEquals("regression", row.get("verdict"));
        assertEquals("best-of-k-floor", row.get("basis"));
        assertEquals("pinned-copy-best-of-k", row.get("noiseKind"));
        assertEquals(NoiseFloors.shipped().floor(H100, NoiseKind.PINNED_COPY_BEST_OF_K).getAsDouble(), (Double) row.get("noise"), 1e-12);
        List<?> hosts = (List<?>) report.get("hostFindings");
        assertEquals(1, hosts.size(), hosts.toString());
        Map<?, ?> host = (Map<?, ?>) hosts.getFirst();
        assertEquals("baseline", host.get("side"));
        assertEquals("pinned.h2d.64MiB", host.get("result"));
        assertEquals(22.8 / 54.0, (Double) host.get("worstOfBest"), 1e-12);
        assertEquals("worst of 3 host allocations ran at 42% of the best: host memory placement is unstable on this node", host.get("finding"));
        assertEquals(List.of(), report.get("floorFallbacks"), "H100 best-of-k floors are measured");
    }

    @Test
    void aQuietPairOfBestOfKRunsIsNotFlaggedNorItsHost() {
        // The widest quiet H100 allocations committed (smoke-3: worst 44.8 of 54.6 GB/s) and a best 0.5% apart.
        Path baseline = doc("baseline.json", 54.64, 44.8, 54.86, 47.71);
        Path current = doc("current.json", 54.9, 54.66, 54.98, 54.7);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), current.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("0 worse beyond noise") && run.out().contains("0 too noisy to judge"), run.out());
        assertFalse(run.out().contains("host: "), run.out());
    }

    /** Every pair of the committed quiet runs that report best-of-k (H100 smoke, H200 smoke --allocations 3) passes. */
    @Test
    void everyPairOfTheCommittedBestOfKRunsPasses() throws Exception {
        CompareAnalysis compare = new CompareAnalysis(NoiseFloors.shipped(), 0.05, false);
        int pairs = 0;
        for (String folder : List.of("h100-2026-11-23", "h200-2026-11-23-standard", "h200-2026-11-23-quick")) {
            List<Path> files;
            try (Stream<Path> list = Files.list(Path.of("src/test/resources/noise", folder))) {
                files = list.sorted().toList();
            }
            List<List<DocumentSet.Judged>> runs = new ArrayList<>();
            for (Path f : files) {
                List<DocumentSet.Judged> one = new ArrayList<>();
                new DocumentSet().each(List.of(f), false, line -> { }, one::add);
                assertTrue(one.stream().anyMatch(j -> j.run().measurements().stream().anyMatch(Measurement::bestOfK)), f + " reports best-of-k");
                runs.add(one);
            }
            for (int i = 0; i < runs.size(); i++) {
                for (int j = i + 1; j < runs.size(); j++) {
                    var report = compare.compare(runs.get(i), runs.get(j));
                    assertTrue(report.passes(0.05), folder + " " + i + " vs " + j + ": " + CompareText.text(report, 0.05));
                    pairs++;
                }
            }
        }
        assertEquals(36 + 45 + 45, pairs);
    }

    @Test
    void fleetJudgesTheBestAndNamesTheUnstableHost() {
        List<Path> docs = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            docs.add(FleetFixtures.write(dir, "fleet/n" + i + ".json", JsonMaps.parse(read(doc("q" + i + ".json", 54.6 + 0.04 * i, 54.2, 55.0, 54.7)))));
        }
        // Its best is healthy, its worst allocation is not: a host finding, not an outlier.
        docs.add(FleetFixtures.write(dir, "fleet/unstable.json", relabel(read(doc("u.json", 54.0, 22.8, 55.0, 54.6)), "node-unstable")));
        XferRun run = XferRun.of("fleet", dir.resolve("fleet").toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("fleet: PASS"), run.out());
        assertTrue(run.out().contains("host: node-unstable ") && run.out().contains("pinned.h2d.64MiB: worst of 3 host allocations ran at 42%"
                + " of the best: host memory placement is unstable on this node"), run.out());
        XferRun json = XferRun.of("fleet", "--json", dir.resolve("fleet").toString());
        List<?> hosts = (List<?>) ((Map<?, ?>) JsonMaps.parse(json.out())).get("hostFindings");
        assertEquals(1, hosts.size(), json.out());

        // A run whose best is contended falls out, however wide its allocations spread.
        FleetFixtures.write(dir, "fleet/contended.json", relabel(read(doc("c.json", 28.9, 12.0, 55.0, 54.6)), "node-contended"));
        XferRun contended = XferRun.of("fleet", dir.resolve("fleet").toString());
        assertEquals(1, contended.exitCode(), contended.out() + contended.err());
        assertTrue(contended.out().contains("node node-contended: FAIL") && contended.out().contains("pinned.h2d.64MiB.gbps 28.9"), contended.out());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> relabel(String document, String host) {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(document);
        ((Map<String, Object>) doc.get("context")).put("host", host);
        return doc;
    }
}
