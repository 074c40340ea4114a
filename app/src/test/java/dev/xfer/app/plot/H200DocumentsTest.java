package dev.xfer.app.plot;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Charts of the real H200 documents under src/test/resources/h200: one mark per result and per recorded operation. */
class H200DocumentsTest {
    private static Map<?, ?> doc(String name) {
        return (Map<?, ?>) JsonMaps.parse(SvgXml.resource("/h200/" + name));
    }

    private static List<DocumentCharts.Figure> figures(String name) {
        List<DocumentCharts.Figure> figures = new DocumentCharts("h-").figures(PlotDocument.of(SvgXml.resource("/h200/" + name)));
        figures.forEach(f -> assertTrue(f.isChart(), name + ": " + f.note()));
        return figures;
    }

    @Test
    void bandwidthSweepHasAMarkerPerSizeKindAndDirection() {
        List<?> results = (List<?>) doc("bandwidth.json").get("results");
        SvgXml xml = SvgXml.parse(figures("bandwidth.json").getFirst().svg());
        assertEquals(results.size(), xml.count("point"));
        assertEquals(4, xml.count("series"), "pinned and pageable, h2d and d2h");
        xml.one("link");
        xml.assertFrame("bytes", "GB/s");
    }

    @Test
    void overlapAndPipelineDrawEveryRecordedOperation() {
        for (String name : List.of("overlap-1.json", "overlap-4.json", "overlap-16.json")) {
            int ops = 0;
            for (Object t : (List<?>) doc(name).get("timelines")) {
                ops += ((List<?>) ((Map<?, ?>) t).get("ops")).size();
            }
            SvgXml xml = SvgXml.parse(figures(name).getFirst().svg());
            assertEquals(ops, xml.count("op"), name);
            assertEquals(ops, xml.count("engine-op"), name);
            assertEquals(3, xml.count("ideal"), name);
        }
        SvgXml pipeline = SvgXml.parse(figures("pipeline.json").getFirst().svg());
        assertEquals(3 * 16, pipeline.count("op"), "16 batches: H2D, kernel, D2H each");
        assertEquals(1, pipeline.count("ideal"));
    }

    @Test
    void batchAndCheckHaveABarPerStrategyAndScenario() {
        SvgXml batch = SvgXml.parse(figures("batch.json").getFirst().svg());
        assertEquals(((List<?>) doc("batch.json").get("results")).size(), batch.count("time"));
        SvgXml check = SvgXml.parse(figures("check.json").getFirst().svg());
        assertEquals(((List<?>) doc("check.json").get("results")).size(), check.count("bar"));
    }
}
