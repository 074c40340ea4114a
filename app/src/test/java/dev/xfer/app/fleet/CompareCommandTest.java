package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareCommandTest {
    @TempDir
    Path dir;

    private Path doc(String name, Gpu gpu, double stddev) {
        return FleetFixtures.write(dir, name, FleetFixtures.document(gpu, null, stddev, 20));
    }

    @Test
    void aChangeWithinNoiseIsNoRegression() {
        Path before = doc("before.json", new Gpu("n1", "NVIDIA H200", 0, 55.0), 2.0);
        Path after = doc("after.json", new Gpu("n1", "NVIDIA H200", 0, 54.0), 2.0);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "1%", before.toString(), after.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("0 worse beyond noise"), run.out());
    }

    @Test
    void aRegressionBeyondNoiseAndThresholdExitsOneAndSortsFirst() {
        Path before = doc("before.json", new Gpu("n1", "NVIDIA H200", 0, 55.0, 53.0, 16), 0.1);
        Path after = doc("after.json", new Gpu("n1", "NVIDIA H200", 0, 44.0, 57.0, 16), 0.1);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        String[] lines = run.out().split("\n");
        assertTrue(lines[2].contains("pinned.h2d.64MiB.") && lines[2].endsWith("REGRESSION"), run.out());
        assertTrue(lines[5].contains("pinned.d2h.64MiB.") && lines[5].endsWith("better"), run.out());
        assertTrue(run.out().contains("compare: 4 results, 2 worse beyond noise, 2 better beyond noise, 2 regressions beyond 5%"), run.out());
        XferRun lenient = XferRun.of("compare", "--fail-on-regression", "25%", before.toString(), after.toString());
        assertEquals(0, lenient.exitCode(), lenient.out());
        XferRun json = XferRun.of("compare", "--json", before.toString(), after.toString());
        assertEquals(0, json.exitCode(), "no --fail-on-regression, no failure");
        List<?> results = (List<?>) ((Map<?, ?>) JsonMaps.parse(json.out())).get("results");
        Map<?, ?> worst = (Map<?, ?>) results.getFirst();
        assertEquals("regression", worst.get("verdict"));
        assertEquals("pinned.h2d.64MiB.microseconds", worst.get("name"), "25% more time is the worst: 20% less throughput");
        assertEquals(0.25, (Double) worst.get("change"), 1e-9);
    }

    @Test
    void directoriesMatchByHostAndUuid() {
        FleetFixtures.write(dir, "base/a.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 55), null, 0.1, 20));
        FleetFixtures.write(dir, "base/b.json", FleetFixtures.document(new Gpu("n2", "NVIDIA H200", 0, 55), null, 0.1, 20));
        FleetFixtures.write(dir, "now/x.json", FleetFixtures.document(new Gpu("n2", "NVIDIA H200", 0, 40), null, 0.1, 20));
        FleetFixtures.write(dir, "now/y.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 55), null, 0.1, 20));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", dir.resolve("base").toString(), dir.resolve("now").toString());
        assertEquals(1, run.exitCode(), run.out());
        String first = run.out().split("\n")[2];
        assertTrue(first.startsWith("  n2 GPU-") && first.endsWith("REGRESSION"), run.out());
    }

    @Test
    void withNoGpuInCommonTheGpusArePairedInOrderAndSaidSo() {
        FleetFixtures.write(dir, "base/a.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 55), null, 0.1, 20));
        FleetFixtures.write(dir, "now/b.json", FleetFixtures.document(new Gpu("n9", "NVIDIA H200", 0, 55), null, 0.1, 20));
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", dir.resolve("base").toString(), dir.resolve("now").toString());
        assertEquals(0, run.exitCode(), run.out());
        assertTrue(run.out().contains("note: no GPU is on both sides (by host and UUID): GPUs paired in the order read"), run.out());
    }

    @Test
    void oneSideAloneIsAUsageError() {
        Path before = doc("before.json", new Gpu("n1", "NVIDIA H200", 0, 55.0), 0.1);
        XferRun run = XferRun.of("compare", "--baseline", before.toString());
        run.assertOneLine(2, "xfer: compare has no current side (only --baseline " + before + "): add --current FILE|DIR");
        XferRun none = XferRun.of("compare");
        none.assertOneLine(2, "xfer: compare needs a baseline and a current side: BASELINE CURRENT, or --baseline and --current");
    }

    @Test
    void threePathsAreNamedAsTooMany() {
        XferRun run = XferRun.of("compare", "a.json", "b.json", "c.json");
        run.assertOneLine(2, "xfer: compare takes two paths, BASELINE and CURRENT, not 3 (a.json, b.json, c.json):"
                + " for several runs on a side, repeat --baseline and --current, or give a folder");
    }
}
