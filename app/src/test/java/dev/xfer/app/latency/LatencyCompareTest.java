package dev.xfer.app.latency;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.commands.MeasuringCommand;
import dev.xfer.app.report.Json;
import dev.xfer.app.results.ReportFixtures;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** xfer compare reads latency documents like any other: a latency that rose is a regression. */
class LatencyCompareTest {

    private static Path document(Path folder, String name, double hostMedian) throws IOException {
        LatencyPlan plan = new LatencyPlan(List.of(2L << 20), List.of(LatencyTarget.Kind.HOST), 100_000, 5,
                ChaseOrder.RANDOM, 1);
        LatencyReport report = new LatencyReport(ReportFixtures.context(), plan, new LatencyRun(List.of(
                new LatencyResult(LatencyTarget.HOST, 2L << 20, 100_000,
                        new Summary(5, hostMedian, hostMedian - 2, hostMedian + 2, hostMedian, 1.5), Optional.empty())),
                List.of()));
        Map<String, Object> doc = new MeasuringCommand().document("latency", report.context(),
                LatencyJson.parameters(plan, List.of()), LatencyJson.results(report), List.of());
        doc.put("notes", List.of());
        Path file = folder.resolve(name);
        Files.writeString(file, Json.write(doc));
        return file;
    }

    @Test
    void aHigherLatencyIsARegression(@TempDir Path folder) throws IOException {
        Path before = document(folder, "before.json", 1203.75);
        Path after = document(folder, "after.json", 1500);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.contains("latency.target-host.") && l.contains(".2MiB.") && l.contains("REGRESSION")),
                run.out());
    }

    @Test
    void aLowerLatencyIsBetterNotWorse(@TempDir Path folder) throws IOException {
        Path before = document(folder, "before.json", 1500);
        Path after = document(folder, "after.json", 1203.75);
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("1 better beyond noise"), run.out());
    }
}
