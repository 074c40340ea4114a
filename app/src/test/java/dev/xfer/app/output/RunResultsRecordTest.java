package dev.xfer.app.output;

import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.fleet.DocumentReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The results a run hands to {@code --expect} and {@code --junit} are the records its document
 * holds: for every figure the document summarizes, the engine's identity and statistics are the
 * ones the gates' reader (fleet/DocumentReader) reads back from the golden document of the same fixtures (so
 * fleet and compare see what expectations saw); and within a run, names and identities go
 * together, one to one, and JUnit test case names do not repeat.
 */
class RunResultsRecordTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @Test
    void bandwidth() {
        assertSameRecords("bandwidth.json", ResultsFixtures.bandwidthReport().runResults(link()));
        assertSameRecords("bandwidth-staged.json",
                ResultsFixtures.bandwidthReportStaged().runResults(link()));
        assertSameRecords("bandwidth-all-nodes.json",
                ResultsFixtures.bandwidthReportAllNodes().runResults(link()));
    }

    /** Each GPU's own rows are its document's; the GPUs at once and the pairs are the whole document's. */
    @Test
    void severalDevices() {
        var concurrent = MultiDeviceFixtures.concurrentReport();
        for (var device : concurrent.devices()) {
            assertSameRecords("bandwidth-devices-concurrent.json", MultiDeviceResults.deviceRunResults(device, link()));
        }
        assertSameRecords("bandwidth-devices-concurrent.json",
                concurrent.concurrentRunResults(List.of()).orElseThrow());
        assertSameRecords("bandwidth-devices-p2p.json",
                MultiDeviceFixtures.peerReport().peerRunResults().orElseThrow());
        assertSameRecords("bandwidth-devices-p2p-read.json",
                MultiDeviceFixtures.peerReadReport().peerRunResults().orElseThrow());
        assertSameRecords("bandwidth-devices-p2p-tma.json",
                MultiDeviceFixtures.peerTmaReport().peerRunResults().orElseThrow());
    }

    @Test
    void overlap() {
        assertSameRecords("overlap.json", ResultsFixtures.overlapReport().runResults());
        assertSameRecords("overlap-all-nodes.json", ResultsFixtures.overlapReportAllNodes().runResults());
    }

    @Test
    void batchPipelineAndCheck() {
        assertSameRecords("batch.json", ResultsFixtures.batchReport().runResults());
        assertSameRecords("batch-all-nodes.json", ResultsFixtures.batchReportAllNodes().runResults());
        assertSameRecords("pipeline.json", ResultsFixtures.pipelineResult(1.1920928955078125E-7)
                .runResults(ResultsFixtures.pipelinePlan()));
        assertSameRecords("check.json", ResultsFixtures.checkReport().runResults());
    }

    /** The metric and the configuration are read off the record, in its display unit, with its check. */
    @Test
    void metricAndConfigurationComeFromTheRecord() {
        RunResults run = ResultsFixtures.bandwidthReport().runResults(link());
        RunResult first = run.results().getFirst();
        Metric metric = run.metrics().getFirst();
        assertEquals(first.name(), metric.name());
        assertEquals(MetricUnit.GBPS, metric.unit());
        assertEquals(median(first.result()) / 1e9, metric.value(), 1e-9);
        assertEquals(OptionalDouble.of(63.015), metric.linkGBps());
        MeasuredConfiguration c = run.configurations().getFirst();
        assertEquals(first.name(), c.name());
        assertEquals("16777216 bytes: median 12.35 GB/s (min 10.00, max 14.00) over 20 iterations", c.summary());
        RunResults checks = ResultsFixtures.checkReport().runResults();
        for (RunResult r : checks.results()) {
            r.measuredConfiguration().ifPresent(conf -> assertEquals(r.result().check().failed(), !conf.passed(),
                    conf.name()));
        }
        assertTrue(checks.results().stream().anyMatch(r -> r.configuration().isEmpty()),
                "check.synchronized.wrong is a figure, not a configuration");
    }

    /** The figure --expect reads is the engine's, exactly, even where base units there and back move it. */
    @Test
    void expectationsReadTheMeasuredFigureExactly() {
        double gbps = 0.8336431469173756;
        RowFigures row = RowScope.of("results", Identity.BANDWIDTH, Map.of()).figures()
                .word(IdentityField.MEMORY, "memory", "pinned").word(IdentityField.DIRECTION, "direction", "h2d")
                .count(IdentityField.BYTES, "bytes", 4096).verified(true).rate("gbps", Summary.single(gbps));
        RunResult r = RunResult.of(row, ResultNames.run(false, false), link()).getFirst();
        assertEquals("pinned.h2d.4KiB", r.name());
        assertFalse(gbps == r.result().displayed().orElseThrow().median(), "this figure does not survive GB/s -> B/s -> GB/s");
        assertEquals(gbps, r.metric().value());
        assertEquals(gbps * 1e9, median(r.result()), gbps * 1e9 * 1e-15);
    }

    /** The median in the base unit of a result that has one. */
    private static double median(Result r) {
        return r.measured().orElseThrow().median();
    }

    private static OptionalDouble link() {
        return OptionalDouble.of(63.015);
    }

    private static void assertSameRecords(String golden, RunResults run) {
        assertFalse(run.results().isEmpty(), golden);
        List<GpuResults> read = new DocumentReader().results(GOLDEN.resolve(golden));
        // Several GPUs' documents hold one identity once per GPU.
        Map<Identity, List<Result>> byIdentity = new HashMap<>();
        read.forEach(g -> g.results().forEach(r -> byIdentity.computeIfAbsent(r.identity(), k -> new ArrayList<>()).add(r)));
        int compared = 0;
        Set<String> names = new HashSet<>();
        Set<Identity> identities = new HashSet<>();
        for (RunResult r : run.results()) {
            assertTrue(names.add(r.name()), golden + ": two results named " + r.name());
            assertTrue(identities.add(r.result().identity()), golden + ": two results of " + r.result().identity());
            if (r.configuration().isEmpty()) {
                continue; // a figure derived from the row (overlap's speedup, check's synchronized sum): no record to meet
            }
            List<Result> fromDocument = byIdentity.get(r.result().identity());
            if (r.result().measured().isEmpty()) {
                assertEquals(null, fromDocument, golden + ": " + r.name() + " was not measured, yet the document has it");
                continue;
            }
            assertNotNull(fromDocument, golden + ": " + r.name() + " is " + r.result().identity().fields()
                    + ", which the document does not hold; it holds " + byIdentity.keySet());
            assertTrue(fromDocument.stream().anyMatch(d -> d.measured().orElseThrow().n() == r.result().measured().orElseThrow().n()
                            && Math.abs(median(d) - median(r.result())) <= 4 * Math.ulp(median(d))),
                    golden + ": " + r.name() + " has other figures in the document: " + fromDocument);
            compared++;
        }
        assertTrue(compared > 0, golden + ": nothing compared");
        // JUnit test cases are told apart by name within a run's suite.
        List<String> cases = run.configurations().stream().map(MeasuredConfiguration::name).toList();
        assertEquals(cases.size(), Set.copyOf(cases).size(), golden + ": JUnit names repeat: " + cases);
    }
}
