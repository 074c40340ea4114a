package dev.xfer.app.batch;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.xfer.app.output.ResultsFixtures.batchResult;
import static dev.xfer.app.output.ResultsFixtures.batchUnavailable;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch report as text, CSV and JSON, and its results by name, from fixed results: batched
 * unavailable, pin-then-copy-async with buffer 17 wrong, the rest fine.
 */
class BatchRenderingTest {
    private final BatchResults report = ResultsFixtures.batchReport();

    private static BatchResults subset(List<BatchResult> results) {
        BatchPlan all = ResultsFixtures.batchPlan();
        BatchPlan p = new BatchPlan(all.count(), all.bytes(), results.stream().map(BatchResult::strategy).toList(),
                all.threads(), all.iterations(), all.warmup(), all.stagingSlots(), all.stagingBytes());
        return new BatchResults(ResultsFixtures.context(), p, results);
    }

    // ---- text

    @Test
    void textHeaderNamesCountsAndBytes() {
        List<String> lines = BatchText.text(report).lines().toList();
        assertTrue(lines.getFirst().startsWith("device 0: NVIDIA H200, PCIe Gen5 x16"), lines.getFirst());
        assertEquals("1000 buffers x 4000 bytes (4000000 bytes), host clock from the first call to all copies complete, "
                + "5 iterations after 1+ warm-up runs (200 ms at least), 4 threads, staging 4 x 4194304 bytes, "
                        + "16 copy threads, host copies by libc memcpy",
                lines.get(1));
    }

    @Test
    void tableHeaderComparesWithTheFirstStrategy() {
        assertEquals(List.of("strategy", "median", "ms", "min", "ms", "max", "ms", "GB/s", "time", "vs",
                "pageable-blocking", "data"), row(BatchText.text(report), "strategy"));
    }

    @Test
    void oneRowPerStrategyInMillisecondsAndGBps() {
        String text = BatchText.text(report);
        // 4000000 bytes in 12.5 ms = 0.32 GB/s
        assertEquals(List.of("pageable-blocking", "12.500", "12.250", "13.000", "0.32", "1.00x", "ok"),
                row(text, "pageable-blocking"));
        assertEquals(List.of("pageable-async", "10.000", "9.750", "10.500", "0.40", "0.80x", "ok"),
                row(text, "pageable-async"));
        assertEquals(List.of("pinned-blocking", "8.000", "7.750", "8.500", "0.50", "0.64x", "ok"),
                row(text, "pinned-blocking"));
        assertEquals(List.of("pinned-async", "2.000", "1.750", "2.500", "2.00", "0.16x", "ok"), row(text, "pinned-async"));
        assertEquals(List.of("pin-then-copy-blocking", "16.000", "15.750", "16.500", "0.25", "1.28x", "ok"),
                row(text, "pin-then-copy-blocking"));
        // 3.2 / 12.5 = 0.256
        assertEquals(List.of("pin-threads", "3.200", "2.950", "3.700", "1.25", "0.26x", "ok"), row(text, "pin-threads"));
        assertEquals(List.of("staged", "4.000", "3.750", "4.500", "1.00", "0.32x", "ok"), row(text, "staged"));
    }

    @Test
    void aWrongBufferIsNamed() {
        String text = BatchText.text(report);
        assertEquals(List.of("pin-then-copy-async", "5.000", "4.750", "5.500", "0.80", "0.40x", "WRONG", "(buffer", "17)"),
                row(text, "pin-then-copy-async"));
        assertEquals(1, text.lines().filter(l -> l.contains("WRONG")).count(), text);
        assertFalse(report.verified());
    }

    @Test
    void anUnavailableStrategySaysWhy() {
        // Waived, not failed: the row points at the one line that says why (nvbandwidth's waiver).
        assertEquals(List.of("batched", "-", "-", "-", "-", "-", "waived", "(below)"),
                row(BatchText.text(report), "batched"));
        assertTrue(BatchText.text(report).contains("\nwaived: needs cudaMemcpyBatchAsync of CUDA 13 or later: batched\n"),
                BatchText.text(report));
    }

    @Test
    void everyStrategyIsDescribedOnce() {
        String text = BatchText.text(report);
        for (BatchStrategy s : BatchStrategy.DEFAULT) {
            assertEquals(1, text.lines().filter(l -> l.contains(s.description())).count(), s.label());
        }
    }

    @Test
    void theRatioHeaderNamesTheStrategyTheRatiosAreAgainst() {
        // batched first but unavailable: BatchBenchmark compares with the first strategy that ran
        BatchResults r = subset(List.of(batchUnavailable(BatchStrategy.BATCHED),
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.PINNED_ASYNC, 2.0, 2.0, Optional.empty()),
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.STAGED, 4.0, 2.0, Optional.empty())));
        String text = BatchText.text(r);
        assertEquals("1.00x", row(text, "pinned-async").get(5));
        assertEquals("2.00x", row(text, "staged").get(5));
        assertEquals(List.of("time", "vs", "pinned-async", "data"), row(text, "strategy").subList(8, 12));
    }

    @Test
    void aRunWhoseEveryStrategyWasWaivedRendersItsNotes() {
        BatchPlan all = ResultsFixtures.batchPlan();
        BatchPlan p = new BatchPlan(all.count(), all.bytes(), List.of(BatchStrategy.BATCHED_PAGEABLE_ANY),
                all.threads(), all.iterations(), all.warmup(), all.stagingSlots(), all.stagingBytes());
        String line = new dev.xfer.app.result.Waiver("batched-pageable-any", "libcudart 12.4 has no"
                + " cudaMemcpyBatchAsync").line();
        String text = BatchText.text(new BatchResults(ResultsFixtures.context(), p, List.of(), List.of(line),
                dev.xfer.app.placement.HostPlacement.none(), List.of()));
        assertTrue(text.contains("note: waived: batched-pageable-any: libcudart 12.4 has no cudaMemcpyBatchAsync"),
                text);
    }

    @Test
    void aLongStrategyNameWidensTheDescriptions() {
        BatchResults r = subset(List.of(
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.PAGEABLE_ASYNC, 2.0, 2.0, Optional.empty()),
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.BATCHED_PAGEABLE_DURING_API_CALL_OVERLAP, 1.0,
                        2.0, Optional.empty())));
        String text = BatchText.text(r);
        assertEquals("0.50x", row(text, "batched-pageable-during-api-call-overlap").get(5));
        assertTrue(text.contains("\n  pageable-async" + " ".repeat(41 - "pageable-async".length())
                + BatchStrategy.PAGEABLE_ASYNC.description()), text);
    }

    @Test
    void nothingRanStillRenders() {
        String text = BatchText.text(subset(List.of(batchUnavailable(BatchStrategy.BATCHED))));
        assertEquals("waived", row(text, "batched").get(6));
    }

    // ---- CSV

    @Test
    void csvHeaderAndRows() {
        var results = report.runResults();
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, results), 0, results);
        var async = csv.rows().stream().filter(r -> r.get("strategy").equals("pin-then-copy-async")
                && r.get("unit").equals("ms")).findFirst().orElseThrow();
        assertEquals(List.of("1000", "4000", "5.0", "4.75", "5.5", "false", ""), List.of(async.get("count"),
                async.get("bytes"), async.get("median"), async.get("min"), async.get("max"), async.get("verified"),
                async.get("numa_node")), async.toString());
        var batched = csv.named("batch.batched.ms");
        assertEquals(List.of("0", "", ""), List.of(batched.get("n"), batched.get("median"), batched.get("verified")),
                "a strategy this runtime does not have measured nothing: " + batched);
    }

    // ---- JSON

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsedDocument(BatchResults r) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(BatchDocument.of(r)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> resultsByStrategy(BatchResults r) {
        List<Object> results = (List<Object>) parsedDocument(r).get("results");
        return results.stream().map(o -> (Map<String, Object>) o)
                .collect(Collectors.toMap(m -> (String) m.get("strategy"), Function.identity(), (a, b) -> a,
                        java.util.LinkedHashMap::new));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParameters() {
        Map<String, Object> p = (Map<String, Object>) parsedDocument(report).get("parameters");
        Map<String, Object> expected = new java.util.HashMap<>(Map.of("count", 1000L, "bytes", 4000L,
                "totalBytes", 4_000_000L,
                "strategies", List.of("pageable-blocking", "pageable-async", "pinned-blocking", "pinned-async",
                        "pin-then-copy-blocking", "pin-then-copy-async", "pin-threads", "batched", "staged"),
                "threads", 4L, "iterations", 5L, "warmup", 1L, "stagingSlots", 4L, "stagingBytes", 4194304L,
                "copyThreads", 16L));
        expected.put("hostCopy", "libc");
        expected.put("numaNode", null); // --numa-node not given
        assertEquals(expected, p);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonResultsOfAStrategyThatRan() {
        Map<String, Map<String, Object>> byStrategy = resultsByStrategy(report);
        assertEquals(List.of("pageable-blocking", "pageable-async", "pinned-blocking", "pinned-async",
                "pin-then-copy-blocking", "pin-then-copy-async", "pin-threads", "batched", "staged"),
                List.copyOf(byStrategy.keySet()));
        Map<String, Object> pinned = byStrategy.get("pinned-async");
        assertEquals(List.of("strategy", "available", "unavailable", "milliseconds", "gbps", "timeVsFirst", "verified",
                "wrongBuffer", "numaNode", "hostMemoryNodes"), List.copyOf(pinned.keySet()));
        assertTrue(pinned.containsKey("numaNode") && pinned.get("numaNode") == null, "not placed");
        assertTrue(pinned.containsKey("hostMemoryNodes") && pinned.get("hostMemoryNodes") == null, "not sampled");
        assertEquals(true, pinned.get("available"));
        assertNull(pinned.get("unavailable"));
        Map<String, Object> ms = (Map<String, Object>) pinned.get("milliseconds");
        assertEquals(Map.of("median", 2.0, "min", 1.75, "max", 2.5, "mean", 2.0, "stddev", 0.125, "n", 5L), ms);
        assertEquals(2.0, (double) pinned.get("gbps"), 1e-12);
        assertEquals(0.16, (double) pinned.get("timeVsFirst"), 1e-12);
        assertEquals(true, pinned.get("verified"));
        assertTrue(pinned.containsKey("wrongBuffer"));
        assertNull(pinned.get("wrongBuffer"));
    }

    @Test
    void jsonUnavailableAndWrong() {
        Map<String, Map<String, Object>> byStrategy = resultsByStrategy(report);
        Map<String, Object> batched = byStrategy.get("batched");
        assertEquals(false, batched.get("available"));
        assertEquals("needs cudaMemcpyBatchAsync of CUDA 13 or later", batched.get("unavailable"));
        for (String key : List.of("milliseconds", "gbps", "timeVsFirst", "wrongBuffer")) {
            assertTrue(batched.containsKey(key) && batched.get(key) == null, key + " in " + batched);
        }
        assertEquals(true, batched.get("verified"));

        Map<String, Object> wrong = byStrategy.get("pin-then-copy-async");
        assertEquals(false, wrong.get("verified"));
        assertEquals(17L, wrong.get("wrongBuffer"));
        assertEquals(true, wrong.get("available"));
    }

    // ---- results by name

    @Test
    void declaredNamesAreExactlyTheMeasuredOnes() {
        List<MetricDeclaration> declared = report.plan().declarations();
        List<MetricDeclaration> measured = report.runResults().metrics().stream()
                .map(Metric::declaration).toList();
        assertEquals(Set.copyOf(declared), Set.copyOf(measured));
        assertEquals(declared, measured, "in the same order");
        assertEquals(2 * BatchStrategy.DEFAULT.size(), declared.size());
        assertTrue(declared.contains(MetricDeclaration.of("batch.pin-then-copy-async.ms", MetricUnit.MILLISECONDS)));
        assertTrue(declared.contains(MetricDeclaration.of("batch.pin-then-copy-async.gbps", MetricUnit.GBPS)));
    }

    @Test
    void declaredNamesMatchForASubsetToo() {
        BatchResults r = subset(List.of(
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.STAGED, 4.0, 4.0, Optional.empty()),
                batchUnavailable(BatchStrategy.BATCHED)));
        assertEquals(List.of("batch.staged.ms", "batch.staged.gbps", "batch.batched.ms", "batch.batched.gbps"),
                r.plan().declarations().stream().map(MetricDeclaration::name).toList());
        assertEquals(r.plan().declarations(),
                r.runResults().metrics().stream().map(Metric::declaration).toList());
    }

    @Test
    void expectationsValidatedAgainstTheDeclarationsEvaluateOnTheMetrics() {
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of("batch.pinned-async.gbps >= 1.5GB/s",
                        "batch.staged.ms < 5ms", "batch.batched.gbps > 0", "batch.pin-then-copy-async.ms < 1ms"))
                .validate(report.plan().declarations())
                .evaluate(report.runResults().metrics());
        assertEquals(4, outcomes.size());
        assertTrue(outcomes.get(0).passed(), outcomes.get(0).line());
        assertTrue(outcomes.get(1).passed(), outcomes.get(1).line());
        assertFalse(outcomes.get(2).passed(), "an unavailable strategy fails every expectation: " + outcomes.get(2).line());
        assertFalse(outcomes.get(3).passed(), outcomes.get(3).line());
    }

    @Test
    void metricValues() {
        RunResults results = report.runResults();
        assertEquals("batch", results.command());
        Map<String, Metric> byName = results.metrics().stream().collect(Collectors.toMap(Metric::name, m -> m));
        assertEquals(12.5, byName.get("batch.pageable-blocking.ms").value());
        assertEquals(0.32, byName.get("batch.pageable-blocking.gbps").value(), 1e-12);
        assertEquals(2.0, byName.get("batch.pinned-async.gbps").value(), 1e-12);
        assertTrue(Double.isNaN(byName.get("batch.batched.ms").value()));
        assertTrue(Double.isNaN(byName.get("batch.batched.gbps").value()));
        assertEquals(5.0, byName.get("batch.pin-then-copy-async.ms").value(), "wrong data still has a time");
    }

    @Test
    void configurations() {
        RunResults results = report.runResults();
        Map<String, MeasuredConfiguration> byName = results.configurations().stream()
                .collect(Collectors.toMap(MeasuredConfiguration::name, c -> c));
        // batched is waived on this runtime: no configuration (a skipped JUnit case, from the waivers).
        assertEquals(BatchStrategy.DEFAULT.size() - 1, byName.size());
        assertFalse(results.allPassed());
        MeasuredConfiguration wrong = byName.get("batch.pin-then-copy-async");
        assertEquals(Optional.of("buffer 17 arrived wrong"), wrong.failure());
        assertFalse(wrong.passed());
        assertEquals("4000 bytes: median 5.000 ms (min 4.750, max 5.500) over 5 iterations", wrong.summary());
        assertFalse(byName.containsKey("batch.batched"), "unavailable is neither passed nor wrong data");
        assertEquals(List.of(new dev.xfer.app.result.Waiver("batched", "needs cudaMemcpyBatchAsync of CUDA 13 or later")),
                results.waived());
        assertEquals(List.of("batch.pin-then-copy-async"),
                results.configurations().stream().filter(c -> !c.passed()).map(MeasuredConfiguration::name).toList());
    }

    @Test
    void allRightAllPasses() {
        BatchResults r = subset(List.of(
                batchResult(ResultsFixtures.batchPlan(), BatchStrategy.PINNED_ASYNC, 2.0, 2.0, Optional.empty())));
        assertTrue(r.verified());
        assertTrue(r.runResults().allPassed());
    }
}
