package dev.xfer.app.latency;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.output.WrittenDocuments;
import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.fleet.Measurement;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The latency report as text, CSV and JSON from fixed results, and how the rest of xfer names them. */
class LatencyRenderingTest {
    private static final LatencyPlan PLAN = new LatencyPlan(List.of(4096L, 2L << 20), List.of(LatencyTarget.Kind.values()),
            100_000, 5, ChaseOrder.RANDOM, 1);

    /** Figures of the size an H200 gives: host over PCIe near 1.2 us, its own memory from L1 to DRAM. */
    static LatencyResults report(boolean broken) {
        List<LatencyResult> results = List.of(
                new LatencyResult(LatencyTarget.HOST, 4096, 100_000, new Summary(1190.5, 1188.25, 1201.0, 1192.0, 5.25, 5),
                        Optional.empty()),
                new LatencyResult(LatencyTarget.HOST, 2L << 20, 100_000, new Summary(1203.75, 1199.5, 1210.0, 1204.0, 4.0, 5),
                        Optional.empty()),
                new LatencyResult(LatencyTarget.DEVICE, 4096, 100_000, new Summary(38.5, 38.25, 39.0, 38.6, 0.25, 5),
                        Optional.empty()),
                new LatencyResult(LatencyTarget.DEVICE, 2L << 20, 100_000, new Summary(263.0, 262.5, 265.0, 263.5, 1.0, 5),
                        broken ? Optional.of("the chase ended at 0x1000, not at 0x2000 where the host's walk of the"
                                + " same cycle ends: the chain on the device is not the one written") : Optional.empty()));
        return new LatencyResults(ResultsFixtures.context(), PLAN,
                new LatencyRun(results, PLAN.waived("peer", LatencyPerDevice.whyNoPeers(DeviceSelection.everyDevice(), 1))));
    }

    private static Map<String, Object> document(LatencyResults r) {
        var doc = LatencyDocument.of(r, List.of());
        return WrittenDocuments.parsed(doc);
    }

    @Test
    void goldenText() throws IOException {
        GoldenFile.assertMatches("latency.txt", LatencyText.render(report(false)), "the latency text changed");
    }

    @Test
    void goldenCsv() throws IOException {
        GoldenFile.assertMatches("latency.csv", ResultCsv.render(0, report(false).runResults()),
                "the latency CSV changed");
        CsvRows.assertMirrors(ResultCsv.render(0, report(false).runResults()), 0,
                report(false).runResults());
    }

    @Test
    void goldenDocument() throws IOException {
        GoldenFile.assertDocument("latency.json", Json.write(document(report(false))));
    }

    @Test
    void aChaseThatEndedElsewhereFailsItsConfigurationAndSaysWhy() {
        LatencyResults r = report(true);
        RunResults results = r.runResults();
        assertFalse(results.allPassed());
        assertTrue(LatencyText.render(r).contains("FAILED latency.device.2MiB: the chase ended at 0x1000"),
                LatencyText.render(r));
        assertFalse(r.verified());
    }

    @Test
    void namesForExpectAreTargetAndSizeInNanoseconds() {
        RunResults results = report(false).runResults();
        assertEquals(List.of("latency.host.4KiB", "latency.host.2MiB", "latency.device.4KiB", "latency.device.2MiB"),
                results.metrics().stream().map(m -> m.name()).toList());
        assertTrue(results.metrics().stream().allMatch(m -> m.unit() == MetricUnit.NANOSECONDS));
        assertEquals(List.of("latency.host.4KiB", "latency.host.2MiB", "latency.device.4KiB", "latency.device.2MiB",
                        "latency.gpu1.4KiB", "latency.gpu1.2MiB"),
                PLAN.declarations(List.of(1)).stream().map(d -> d.name()).toList());
    }

    @Test
    void expectationsInNanosecondsAndMicroseconds() {
        RunResults results = report(false).runResults();
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of("latency.host.2MiB <= 1500ns",
                        "latency.host.2MiB <= 1.2us", "latency.device < 300"))
                .validate(PLAN.declarations(List.of())).evaluate(results.metrics());
        assertEquals(List.of(true, false, true, true), outcomes.stream().map(ExpectationOutcome::passed).toList(),
                outcomes.toString());
        assertEquals("PASS latency.host.2MiB <= 1500ns (measured 1203.75ns)", outcomes.get(0).line());
        assertEquals("FAIL latency.host.2MiB <= 1.2us (measured 1.204us)", outcomes.get(1).line());
    }

    @Test
    void fleetAndCompareReadTheDocumentByTargetAndSizeLowerBetter() {
        List<GpuRun> runs = new DocumentReader().runs(Path.of("latency.json"),
                JsonMaps.parse(Json.write(document(report(false)))));
        Measurement host = runs.getFirst().measurements().stream()
                .filter(m -> "host".equals(m.labels().get("target")) && "2097152".equals(m.labels().get("bytes")))
                .findFirst().orElseThrow();
        assertTrue(host.name().startsWith("latency.target-host.") && host.name().contains(".2MiB.")
                && host.name().endsWith(".nanoseconds"), host.name());
        assertEquals(1203.75, host.median());
        assertEquals("ns", host.unit());
        assertFalse(host.higherIsBetter());
        assertEquals("latency", host.labels().get("command"));
        assertEquals("nanoseconds", host.labels().get("measured"));
        assertEquals(4, runs.getFirst().measurements().size());
        String metrics = OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("xfer_latency_seconds{") && l.contains("target=\"device\"")
                && l.contains("bytes=\"2097152\"") && l.endsWith("} 2.63E-7")), metrics);
    }
}
