package dev.xfer.app.plot;

import dev.xfer.app.format.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every measuring document xfer writes (the golden files, and the real H200 ones) binds into the
 * records it was written from: written again, those records give the same bytes.
 */
class MeasuredDocumentRoundTripTest {

    private static Object record(PlotDocument document) {
        return switch (document) {
            case PlotDocument.Measured measured -> switch (measured.document()) {
                case dev.xfer.app.documents.MeasuredDocument.Run run -> run.document();
                case dev.xfer.app.documents.MeasuredDocument.Repeated repeated -> repeated.document();
                case dev.xfer.app.documents.MeasuredDocument.Smoke smoke -> smoke.document();
            };
            case PlotDocument.Fleet fleet -> fleet.document();
            case PlotDocument.Compare compare -> compare.document();
            case PlotDocument.Other other -> throw new AssertionError(other.command() + " is not bound");
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"/golden/bandwidth.json", "/golden/bandwidth-all-nodes.json",
            "/golden/bandwidth-devices-concurrent.json", "/golden/bandwidth-devices-p2p-read.json",
            "/golden/bandwidth-devices-p2p.json", "/golden/bandwidth-devices-p2p-pairs.json",
            "/golden/bandwidth-devices-p2p-tma.json",
            "/golden/bandwidth-devices-patterns.json",
            "/golden/bandwidth-disturbed.json", "/golden/bandwidth-kernel.json", "/golden/bandwidth-staged.json",
            "/golden/batch.json", "/golden/batch-all-nodes.json", "/golden/check.json", "/golden/latency.json",
            "/golden/overlap.json", "/golden/overlap-all-nodes.json", "/golden/pipeline.json", "/golden/smoke.json",
            "/golden/smoke-unusable.json", "/h200/bandwidth.json", "/h200/batch.json", "/h200/check.json",
            "/h200/overlap-1.json", "/h200/overlap-4.json", "/h200/overlap-16.json", "/h200/pipeline.json"})
    void aWrittenDocumentBindsBackToTheRecordsThatWriteIt(String name) throws IOException {
        String text = SvgXml.resource(name);
        assertEquals(text.strip(), Json.write(record(PlotDocument.of(text))).strip(), name);
    }
}
