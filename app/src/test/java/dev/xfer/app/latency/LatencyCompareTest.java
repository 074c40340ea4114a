package dev.xfer.app.latency;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * xfer compare reads latency documents like any other: a latency that rose is a regression. No noise
 * floor has been measured for latency yet (docs/verdicts.md), so one run a side is too noisy to
 * judge; five runs a side are judged by the rank test.
 */
class LatencyCompareTest {

    private static Path document(Path folder, String name, double hostMedian) throws IOException {
        LatencyPlan plan = new LatencyPlan(List.of(2L << 20), List.of(LatencyTarget.Kind.HOST), 100_000, 5,
                ChaseOrder.RANDOM, 1);
        LatencyResults report = new LatencyResults(ResultsFixtures.context(), plan, new LatencyRun(List.of(
                new LatencyResult(LatencyTarget.HOST, 2L << 20, 100_000,
                        new Summary(hostMedian, hostMedian - 2, hostMedian + 2, hostMedian, 1.5, 5), Optional.empty())),
                List.of()));
        var doc = LatencyDocument.of(report, List.of());
        Path file = folder.resolve(name);
        Files.writeString(file, Json.write(doc));
        return file;
    }

    /** {@code --baseline} five runs at one median, {@code --current} five at another. */
    private static String[] compare(Path folder, double before, double after) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("compare", "--fail-on-regression", "5%"));
        for (int i = 0; i < 5; i++) {
            args.addAll(List.of("--baseline", document(folder, "before-" + i + ".json", before + i * 0.5).toString()));
            args.addAll(List.of("--current", document(folder, "after-" + i + ".json", after + i * 0.5).toString()));
        }
        return args.toArray(String[]::new);
    }

    @Test
    void aHigherLatencyIsARegression(@TempDir Path folder) throws IOException {
        XferRun run = XferRun.of(compare(folder, 1203.75, 1500));
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.contains("latency.target-host.") && l.contains(".2MiB.") && l.contains("REGRESSION")),
                run.out());
    }

    @Test
    void aLowerLatencyIsBetterNotWorse(@TempDir Path folder) throws IOException {
        XferRun run = XferRun.of(compare(folder, 1500, 1203.75));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("1 better beyond noise"), run.out());
    }

    @Test
    void oneRunASideIsTooNoisyToJudgeWithoutAMeasuredFloor(@TempDir Path folder) throws IOException {
        Path before = document(folder, "before.json", 1203.75);
        Path after = document(folder, "after.json", 1500);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("1 too noisy to judge"), run.out());
    }
}
