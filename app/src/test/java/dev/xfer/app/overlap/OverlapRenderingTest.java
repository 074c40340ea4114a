package dev.xfer.app.overlap;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static dev.xfer.app.output.ResultsFixtures.line;
import static dev.xfer.app.output.ResultsFixtures.overlapResult;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overlap report as text and JSON, from fixed results. */
class OverlapRenderingTest {
    private final OverlapResults report = ResultsFixtures.overlapReport();

    private static OverlapResults withResults(List<OverlapResult> results) {
        OverlapResults r = ResultsFixtures.overlapReport();
        return new OverlapResults(r.context(), r.plan(), r.model(), results);
    }

    @Test
    void textNamesTheArrayInFloatsAndBytes() {
        String text = OverlapText.render(report);
        assertTrue(text.startsWith("device 0: NVIDIA H200, PCIe Gen5 x16"), text);
        assertEquals("4194304 floats (16777216 bytes), 4 streams, block 256, kernel iterations 1, pinned host memory, "
                + "20 iterations after 3+ warm-up runs (200 ms at least)", text.lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void twoCopyEnginesCanOverlapBothWays() {
        assertEquals("copy engines: 2 (H2D and D2H can run at the same time as each other and as kernels)",
                line(OverlapText.render(report), "copy engines:"));
    }

    @Test
    void oneCopyEngineCannot() {
        OverlapResults r = ResultsFixtures.overlapReport(ResultsFixtures.h200(1));
        assertEquals("copy engines: 1 (H2D and D2H cannot overlap each other: overlap in both directions needs two)",
                line(OverlapText.render(r), "copy engines:"));
    }

    @Test
    void theModelLine() {
        assertEquals("model: H2D 0.320 ms + kernel 0.050 ms + D2H 0.310 ms = 0.680 ms sequential; "
                + "ideal with 4 streams 0.410 ms", line(OverlapText.render(report), "model:"));
    }

    @Test
    void scheduleRows() {
        String text = OverlapText.render(report);
        // 2 x 16777216 bytes in 1 ms = 33.55 GB/s; ideal 0.41 / 1.0 = 41 %
        assertEquals(List.of("sequential", "1.000", "0.970", "1.080", "33.55", "1.00x", "41%", "1.192093e-07"),
                row(text, "sequential"));
        // in 0.47 ms: 71.39 GB/s, 1 / 0.47 = 2.13x, 0.41 / 0.47 = 87 %
        assertEquals(List.of("v1", "0.470", "0.460", "0.520", "71.39", "2.13x", "87%", "1.192093e-07"), row(text, "v1"));
        assertEquals("0.000000e+00", row(text, "v2").getLast());
        assertFalse(text.contains("WRONG"), text);
    }

    @Test
    void noSequentialMeansNoSpeedup() {
        String text = OverlapText.render(withResults(List.of(
                overlapResult(OverlapSchedule.V2, 0.47, 0.46, 0.5, OptionalDouble.empty(), 0))));
        assertEquals("-", row(text, "v2").get(5));
    }

    @Test
    void errorsAboveToleranceAreWrongResults() {
        OverlapResults r = withResults(List.of(
                overlapResult(OverlapSchedule.SEQUENTIAL, 1.0, 0.99, 1.1, OptionalDouble.of(1.0), 0),
                overlapResult(OverlapSchedule.V1, 0.47, 0.46, 0.5, OptionalDouble.of(2.0), 2.5e-3),
                overlapResult(OverlapSchedule.V2, 0.47, 0.46, 0.5, OptionalDouble.of(2.0), Double.NaN)));
        String text = OverlapText.render(r);
        assertFalse(r.withinTolerance());
        assertEquals("WRONG RESULT: v1 max error 2.500000e-03 above 1e-06", line(text, "WRONG RESULT: v1"));
        assertEquals("WRONG RESULT: v2 max error NaN above 1e-06", line(text, "WRONG RESULT: v2"));
        assertFalse(text.contains("WRONG RESULT: sequential"), text);
    }

    // ---- JSON

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsedDocument(OverlapResults r) {
        // as OverlapCommand builds it: the shared envelope plus the model, each pass's and the timelines
        return (Map<String, Object>) JsonMaps.parse(Json.write(OverlapDocument.of(r)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParameters() {
        Map<String, Object> p = (Map<String, Object>) parsedDocument(report).get("parameters");
        Map<String, Object> expected = new java.util.HashMap<>(Map.of("elements", 4194304L, "bytes", 16777216L,
                "streams", 4L, "blockSize", 256L, "kernelIterations", 1L, "schedules", List.of("sequential", "v1", "v2"),
                "iterations", 20L, "warmup", 3L, "memory", "pinned"));
        expected.put("numaNode", null); // --numa-node not given
        assertEquals(expected, p);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonResultsInMillisecondsAndGBps() {
        List<Object> results = (List<Object>) parsedDocument(report).get("results");
        Map<String, Object> v1 = (Map<String, Object>) results.get(1);
        assertEquals(List.of("schedule", "milliseconds", "gbps", "speedup", "efficiency", "maxError", "withinTolerance",
                "numaNode", "hostMemoryNodes"), List.copyOf(v1.keySet()));
        assertNull(v1.get("numaNode"), "not placed");
        assertNull(v1.get("hostMemoryNodes"), "not sampled");
        assertEquals("v1", v1.get("schedule"));
        assertEquals(0.47, ((Map<String, Object>) v1.get("milliseconds")).get("median"));
        assertEquals(20L, ((Map<String, Object>) v1.get("milliseconds")).get("n"));
        assertEquals(2.0 * 16777216 / 0.47e-3 / 1e9, (double) v1.get("gbps"), 1e-9);
        assertEquals(1.0 / 0.47, (double) v1.get("speedup"), 1e-12);
        assertEquals(0.41 / 0.47, (double) v1.get("efficiency"), 1e-12);
        assertEquals(1.1920928955078125E-7, v1.get("maxError"));
        assertEquals(true, v1.get("withinTolerance"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonNanErrorAndMissingSpeedupAreNull() {
        List<Object> results = (List<Object>) parsedDocument(withResults(List.of(
                overlapResult(OverlapSchedule.V2, 0.47, 0.46, 0.5, OptionalDouble.empty(), Double.NaN)))).get("results");
        Map<String, Object> v2 = (Map<String, Object>) results.getFirst();
        assertTrue(v2.containsKey("speedup") && v2.containsKey("maxError"));
        assertNull(v2.get("speedup"));
        assertNull(v2.get("maxError"));
        assertEquals(false, v2.get("withinTolerance"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonModelWithCopyEngines() {
        Map<String, Object> doc = parsedDocument(report);
        assertEquals(List.of("schemaVersion", "command", "context", "parameters", "results", "failures", "model",
                "models", "timelines"), List.copyOf(doc.keySet()));
        Map<String, Object> model = (Map<String, Object>) doc.get("model");
        assertEquals(List.of("h2dMs", "kernelMs", "d2hMs", "sequentialMs", "idealMs", "streams", "asyncEngines"),
                List.copyOf(model.keySet()));
        assertEquals(0.32, model.get("h2dMs"));
        assertEquals(0.68, (double) model.get("sequentialMs"), 1e-12);
        assertEquals(0.41, (double) model.get("idealMs"), 1e-12);
        assertEquals(4L, model.get("streams"));
        assertEquals(2L, model.get("asyncEngines"));
        List<Object> models = (List<Object>) doc.get("models");
        assertEquals(1, models.size(), "one pass");
        Map<String, Object> only = (Map<String, Object>) models.getFirst();
        assertNull(only.get("numaNode"));
        assertEquals(0.41, (double) only.get("idealMs"), 1e-12);
    }

    @Test
    void csvRows() {
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, report.runResults()), 0,
                report.runResults());
        Map<String, String> v1 = csv.rows().stream().filter(r -> r.get("schedule").equals("v1")
                && r.get("unit").equals("ms")).findFirst().orElseThrow();
        assertEquals(List.of("pinned", "4194304", "4", "256", "1", "0.47", ""), List.of(v1.get("memory"),
                v1.get("elements"), v1.get("streams"), v1.get("block_size"), v1.get("kernel_iterations"),
                v1.get("median"), v1.get("numa_node")), "not placed: no node");
    }
}
