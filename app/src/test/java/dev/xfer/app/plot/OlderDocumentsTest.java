package dev.xfer.app.plot;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A document from an older xfer, without the fields the schema leaves out for older documents,
 * still binds and draws: each such field is an optional of its record.
 */
class OlderDocumentsTest {

    /** The document {@code name} (a test resource) with {@code keys} taken out of every object under its results, parameters and models. */
    private static String without(String name, Set<String> keys) throws IOException {
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(SvgXml.resource(name));
        for (String part : List.of("results", "parameters", "model", "models")) {
            strip(doc.get(part), keys);
        }
        doc.keySet().removeAll(keys);
        return Json.write(doc);
    }

    private static void strip(Object node, Set<String> keys) {
        if (node instanceof Map<?, ?> map) {
            map.keySet().removeAll(keys);
            map.values().forEach(v -> strip(v, keys));
        } else if (node instanceof List<?> list) {
            list.forEach(v -> strip(v, keys));
        }
    }

    private static List<DocumentCharts.Figure> figures(String text) {
        return new DocumentCharts("o-").figures(PlotDocument.of(text));
    }

    @Test
    void overlapWithoutRatesModelFiguresOrTimelinesSaysItHasNoTimelines() throws IOException {
        String older = without("/golden/overlap.json", Set.of("gbps", "speedup", "efficiency", "asyncEngines", "timelines",
                "start", "numaNode", "hostMemoryNodes"));
        assertFalse(older.contains("\"efficiency\""));
        List<DocumentCharts.Figure> figures = figures(older);
        assertEquals(1, figures.size());
        assertTrue(figures.getFirst().note().startsWith("no timelines in this document"), figures.getFirst().note());
    }

    @Test
    void checkFromBeforeItsTimesAndStaleFiguresDrawsItsBars() throws IOException {
        String older = without("/golden/check.json", Set.of("copyInFlightTrials", "staleMean", "staleWorst",
                "staleFractionWorst", "poisonSeen", "seconds"));
        assertFalse(older.contains("staleMean"));
        assertTrue(figures(older).getFirst().isChart());
    }

    @Test
    void batchWithoutItsStagingPlanOrVerifiedDrawsItsBars() throws IOException {
        String older = without("/golden/batch.json", Set.of("threads", "stagingSlots", "stagingBytes", "copyThreads",
                "hostCopy", "verified", "timeVsFirst", "wrongBuffer", "unavailable", "numaNode", "hostMemoryNodes"));
        assertTrue(figures(older).getFirst().isChart());
    }

    @Test
    void pipelineWithoutPerBatchFiguresDrawsItsTimeline() throws IOException {
        String older = without("/h200/pipeline.json", Set.of("perBatchMs", "hiddenCopyFraction", "start"));
        assertTrue(figures(older).getFirst().isChart());
    }

    /**
     * A plain bandwidth plan from before {@code numaNode} was written, with {@code copy}: still a
     * plain plan, told apart from a pattern run's by the whole document, not guessed from its keys.
     */
    @Test
    void aStagedBandwidthPlanWithoutNumaNodeIsStillABandwidthPlan() throws IOException {
        String older = without("/golden/bandwidth-staged.json", Set.of("numaNode"));
        Map<?, ?> parameters = (Map<?, ?>) ((Map<?, ?>) JsonMaps.parse(older)).get("parameters");
        assertFalse(parameters.containsKey("numaNode"));
        assertTrue(parameters.containsKey("copy"));
        dev.xfer.app.documents.MeasuredDocument.Run run = run(older);
        assertEquals(dev.xfer.app.bandwidth.BandwidthParameters.class, run.document().parameters().getClass());
        String patterns = SvgXml.resource("/golden/bandwidth-devices-patterns.json");
        dev.xfer.app.documents.MeasuredDocument.Run devices = run(patterns);
        assertEquals(dev.xfer.app.bandwidth.pattern.PatternParameters.class,
                devices.document().gpus().getFirst().parameters().getClass());
    }

    private static dev.xfer.app.documents.MeasuredDocument.Run run(String text) {
        return (dev.xfer.app.documents.MeasuredDocument.Run) ((PlotDocument.Measured) PlotDocument.of(text)).document();
    }
}
