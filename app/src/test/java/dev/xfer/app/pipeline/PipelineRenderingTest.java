package dev.xfer.app.pipeline;


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
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.xfer.app.output.ResultsFixtures.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pipeline report as text, CSV and JSON, and its results by name, from a fixed run: 64
 * batches of 16 MiB through 2 buffers in 200 ms against a model of 1.4 + 2.0 + 1.3 ms per batch.
 */
class PipelineRenderingTest {
    private static final double EPS = 1e-9;
    private final RunContext context = ResultsFixtures.context();
    private final PipelinePlan plan = ResultsFixtures.pipelinePlan();
    private final PipelineResult result = ResultsFixtures.pipelineResult(0.0);

    private String text(PipelineResult r) {
        return PipelineText.text(context, plan, r);
    }

    // ---- text

    @Test
    void textHeader() {
        List<String> lines = text(result).lines().toList();
        assertTrue(lines.getFirst().startsWith("device 0: NVIDIA H200, PCIe Gen5 x16"), lines.getFirst());
        assertEquals("64 batches x 16777216 bytes, 2 buffers on as many streams, kernel iterations 1, host clock, "
                + "5 iterations after 1+ warm-up runs (200 ms at least)", lines.get(1));
        assertEquals(6, lines.size(), text(result));
    }

    @Test
    void totalLine() {
        // 64 x 16 MiB = 1073741824 bytes in 200 ms = 5.37 GB/s
        assertEquals("total     median 200.000 ms (min 198.500, max 203.250), 5.37 GB/s each way",
                line(text(result), "total"));
    }

    @Test
    void perBatchAndHiddenLine() {
        // 200 / 64 = 3.125 ms; (300.8 - 200) / 172.8 = 58 %
        assertEquals("per batch 3.125 ms; copy time hidden behind compute: 58%", line(text(result), "per batch"));
    }

    @Test
    void modelLineWithBuffers() {
        assertEquals("model: per batch H2D 1.400 + kernel 2.000 + D2H 1.300 ms; sequential 300.800 ms, ideal 172.800 ms "
                + "(batches x max(H2D + D2H, kernel): one copy engine)", line(text(result), "model:"));
    }

    @Test
    void modelLineWithOneBuffer() {
        PipelinePlan one = new PipelinePlan(64, ResultsFixtures.MIB16, 1, 1, 5, 1);
        PipelineResult r = new PipelineResult(ResultsFixtures.summary(5, 310.0, 305.0, 320.0, 311.0, 2.0),
                ResultsFixtures.pipelineModel(1), 0.0);
        String text = PipelineText.text(context, one, r);
        assertTrue(text.lines().skip(1).findFirst().orElseThrow().startsWith("64 batches x 16777216 bytes, 1 buffer on"),
                text);
        assertEquals("model: per batch H2D 1.400 + kernel 2.000 + D2H 1.300 ms; sequential 300.800 ms, ideal 300.800 ms "
                + "(one buffer: no overlap)", line(text, "model:"));
        assertEquals("per batch 4.844 ms; copy time hidden behind compute: 0%", line(text, "per batch"));
    }

    @Test
    void maxErrorWithinTolerance() {
        String text = text(result);
        assertEquals("max error 0.000000e+00", line(text, "max error"));
        assertFalse(text.contains("WRONG"), text);
    }

    @Test
    void maxErrorAboveToleranceIsAWrongResult() {
        assertEquals("max error 2.500000e-03  WRONG RESULT (above 0.001)",
                line(text(ResultsFixtures.pipelineResult(2.5e-3)), "max error"));
        assertEquals("max error NaN  WRONG RESULT (above 0.001)",
                line(text(ResultsFixtures.pipelineResult(Double.NaN)), "max error"));
        assertFalse(text(ResultsFixtures.pipelineResult(1e-3)).contains("WRONG"), "the tolerance itself is fine");
    }

    // ---- CSV

    @Test
    void csvHeaderAndRow() {
        var results = result.runResults(plan);
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, results), 0, results);
        var total = csv.rows().getFirst();
        assertEquals(List.of("64", "16777216", "2", "1", "200.0", "198.5", "203.25"), List.of(total.get("count"),
                total.get("bytes"), total.get("buffers"), total.get("kernel_iterations"), total.get("median"),
                total.get("min"), total.get("max")), total.toString());
    }

    // ---- JSON

    @SuppressWarnings("unchecked")
    private Map<String, Object> parsedDocument(PipelineResult r) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(PipelineDocument.of(context, plan, r)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParameters() {
        assertEquals(Map.of("batches", 64L, "batchBytes", 16777216L, "buffers", 2L, "kernelIterations", 1L,
                "iterations", 5L, "warmup", 1L), parsedDocument(result).get("parameters"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonResults() {
        List<Object> results = (List<Object>) parsedDocument(result).get("results");
        assertEquals(1, results.size());
        Map<String, Object> r = (Map<String, Object>) results.getFirst();
        assertEquals(List.of("milliseconds", "perBatchMs", "hiddenCopyFraction", "model", "maxError", "withinTolerance",
                "timeline"),
                List.copyOf(r.keySet()));
        assertEquals(Map.of("median", 200.0, "min", 198.5, "max", 203.25, "mean", 200.5, "stddev", 1.75, "n", 5L),
                r.get("milliseconds"));
        assertEquals(3.125, r.get("perBatchMs"));
        assertEquals(100.8 / 172.8, (double) r.get("hiddenCopyFraction"), EPS);
        Map<String, Object> model = (Map<String, Object>) r.get("model");
        assertEquals(List.of("h2dMs", "kernelMs", "d2hMs", "sequentialMs", "idealMs"), List.copyOf(model.keySet()));
        assertEquals(1.4, model.get("h2dMs"));
        assertEquals(2.0, model.get("kernelMs"));
        assertEquals(1.3, model.get("d2hMs"));
        assertEquals(300.8, (double) model.get("sequentialMs"), EPS);
        assertEquals(172.8, (double) model.get("idealMs"), EPS);
        assertEquals(0.0, r.get("maxError"));
        assertEquals(true, r.get("withinTolerance"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonNanErrorIsNullAndWrong() {
        Map<String, Object> r = (Map<String, Object>) ((List<Object>) parsedDocument(
                ResultsFixtures.pipelineResult(Double.NaN)).get("results")).getFirst();
        assertTrue(r.containsKey("maxError"));
        assertNull(r.get("maxError"));
        assertEquals(false, r.get("withinTolerance"));
    }

    // ---- results by name

    @Test
    void declaredNamesAreExactlyTheMeasuredOnes() {
        List<MetricDeclaration> declared = plan.declarations();
        List<MetricDeclaration> measured = result.runResults(plan).metrics().stream()
                .map(Metric::declaration).toList();
        assertEquals(Set.copyOf(declared), Set.copyOf(measured));
        assertEquals(declared, measured, "in the same order");
        assertEquals(List.of(MetricDeclaration.of("pipeline.ms", MetricUnit.MILLISECONDS),
                MetricDeclaration.of("pipeline.batch-ms", MetricUnit.MILLISECONDS),
                MetricDeclaration.of("pipeline.hidden", MetricUnit.RATIO),
                MetricDeclaration.of("pipeline.error", MetricUnit.NUMBER)), declared);
    }

    @Test
    void metricValues() {
        RunResults results = result.runResults(plan);
        assertEquals("pipeline", results.command());
        List<Metric> m = results.metrics();
        assertEquals(200.0, m.get(0).value());
        assertEquals(3.125, m.get(1).value());
        assertEquals(100.8 / 172.8, m.get(2).value(), EPS);
        assertEquals(0.0, m.get(3).value());
        assertTrue(Double.isNaN(ResultsFixtures.pipelineResult(Double.NaN).runResults(plan).metrics()
                .get(3).value()));
    }

    @Test
    void expectationsValidatedAgainstTheDeclarationsEvaluateOnTheMetrics() {
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of("pipeline.hidden >= 0.5",
                        "pipeline.error <= 1e-3", "pipeline.ms < 250ms", "pipeline.batch-ms < 3ms"))
                .validate(plan.declarations())
                .evaluate(result.runResults(plan).metrics());
        assertEquals(List.of(true, true, true, false), outcomes.stream().map(ExpectationOutcome::passed).toList());
    }

    @Test
    void configurationPassesWithinTolerance() {
        RunResults results = result.runResults(plan);
        assertEquals(List.of(new MeasuredConfiguration("pipeline.buffers-2",
                "16777216 bytes: median 200.000 ms (min 198.500, max 203.250) over 5 iterations; 64 batches,"
                        + " max error 0.000000e+00", Optional.empty(),
                // JUnit's case time: its 5 timed iterations, a mean of 200.5 ms each.
                java.time.Duration.ofNanos(1_002_500_000))), results.configurations());
        assertTrue(results.allPassed());
    }

    @Test
    void configurationFailsAboveTolerance() {
        RunResults results = ResultsFixtures.pipelineResult(2.5e-3).runResults(plan);
        assertFalse(results.allPassed());
        assertEquals(Optional.of("max error 2.500000e-03 above 1e-03"), results.configurations().getFirst().failure());
        assertEquals(Optional.of("max error NaN above 1e-03"), ResultsFixtures.pipelineResult(Double.NaN)
                .runResults(plan).configurations().getFirst().failure());
    }
}
