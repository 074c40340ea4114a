package dev.xfer.app.output;

import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.plot.PlotDocument;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.ResultDocumentReader;
import dev.xfer.app.smoke.SmokeDocument;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The gates' new way to read a measuring document (bound into the records its command writes,
 * then {@link DocumentResults}) gives exactly the {@link GpuResults} the Jackson-tree
 * {@link ResultDocumentReader} gives: every golden document, the real H200 ones, and documents the
 * bandwidth writer writes from generated results. Kept until the tree reader is deleted.
 */
class BoundResultsMatchTheTreeReaderTest {
    private static final Path FILE = Path.of("node.json");

    static List<GpuResults> bound(String text) {
        return switch (PlotDocument.of(text)) {
            case PlotDocument.Run run -> DocumentResults.of(FILE, run.document());
            case PlotDocument.Repeated repeated -> DocumentResults.of(FILE, repeated.document());
            case PlotDocument.Smoke smoke -> SmokeDocument.results(FILE, smoke.document());
            default -> throw new AssertionError("not a measuring document");
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"/golden/bandwidth.json", "/golden/bandwidth-all-nodes.json",
            "/golden/bandwidth-devices-concurrent.json", "/golden/bandwidth-devices-p2p-read.json",
            "/golden/bandwidth-devices-p2p.json", "/golden/bandwidth-devices-patterns.json",
            "/golden/bandwidth-disturbed.json", "/golden/bandwidth-kernel.json", "/golden/bandwidth-staged.json",
            "/golden/batch.json", "/golden/batch-all-nodes.json", "/golden/check.json", "/golden/latency.json",
            "/golden/overlap.json", "/golden/overlap-all-nodes.json", "/golden/pipeline.json", "/golden/smoke.json",
            "/golden/smoke-unusable.json", "/h200/bandwidth.json", "/h200/batch.json", "/h200/check.json",
            "/h200/overlap-1.json", "/h200/overlap-4.json", "/h200/overlap-16.json", "/h200/pipeline.json",
            "/noise/h200-2026-11-23/smoke-1.json", "/noise/h200-2026-11-23/bandwidth-1.json",
            "/noise/h200-2026-11-23/overlap-1.json", "/noise/h200-2026-11-23/batch-2.json",
            "/noise/h200-2026-11-23/pipeline-1.json", "/noise/h100-2026-11-27-quick/smoke-1.json",
            "/noise/h200-2026-11-23-standard/smoke-1.json"})
    void aGoldenDocumentGivesTheSameResultsBothWays(String name) throws IOException {
        String text;
        try (var in = getClass().getResourceAsStream(name)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertEquals(new ResultDocumentReader().parse(FILE, text), bound(text), name);
    }

    @Provide
    Arbitrary<BandwidthResults> reports() {
        return new WrittenDocumentBindsBackPropertiesTest().reports();
    }

    @Property(tries = 100)
    void aWrittenBandwidthDocumentGivesTheSameResultsBothWays(
            @ForAll("reports") BandwidthResults report) {
        GpuDocument one = OneDeviceRun.document(report);
        String text = Json.write(one);
        List<GpuResults> old = new ResultDocumentReader().parse(FILE, text);
        assertEquals(old, bound(text));
        assertEquals(1, old.size());

        // The same run repeated (--runs 2), and written for two devices.
        String repeated = Json.write(new RepeatedDocument(1, "bandwidth", new RepeatedDocument.Runs(one.parameters(), 2),
                List.of(one, one), java.util.Optional.empty(), java.util.Optional.empty()));
        assertEquals(new ResultDocumentReader().parse(FILE, repeated), bound(repeated));
        String devices = Json.write(DevicesDocument.of("bandwidth", new AcrossDevices(one.parameters(), List.of(0, 0)),
                List.of(one, one)));
        assertEquals(new ResultDocumentReader().parse(FILE, devices), bound(devices));
    }
}
