package dev.xfer.app.bandwidth;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.format.Json;
import dev.xfer.app.expect.Metric;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TMA copy's and the read-only and write-only rows in the text report and the document
 * (golden; JsonSchemaGoldenTest validates the document against the schema): their path and grid,
 * the launch lines, how device rows count their bytes, the blocks sweep per path.
 */
class TmaRenderingTest {

    @Test
    void textReport() throws IOException {
        String text = BandwidthText.render(TmaFixtures.report());
        GoldenFile.assertMatches("bandwidth-tma.txt", text,
                "the text report of a TMA run changed; rewrite with -Dxfer.updateGolden=true if on purpose");
        assertTrue(text.contains("bytes (d2d once)"), text);
        assertTrue(text.contains(BandwidthText.COUNTED), text);
        assertTrue(text.contains("copy tma: tma_copy, 32 threads per block (one issues), 3 stages of 12288 B"), text);
        assertTrue(text.contains("d2d-read, d2d-write: read_bytes, write_bytes, 512 threads per block"), text);
        // The sweep tells the TMA's grids from the kernel's.
        assertTrue(text.lines().anyMatch(l -> l.startsWith("device tma") && l.contains("d2d")), text);
    }

    @Test
    void document() throws IOException {
        GoldenFile.assertDocument("bandwidth-tma.json", Json.write(OneDeviceRun.document(TmaFixtures.report())));
    }

    @Test
    void declaredNamesAreTheProducedOnes() {
        List<String> declared = TmaFixtures.plan().declarations(true).stream()
                .map(dev.xfer.app.expect.MetricDeclaration::name).toList();
        List<String> produced = TmaFixtures.report().runResults(OptionalDouble.of(63.0)).metrics().stream()
                .map(Metric::name).toList();
        assertEquals(declared.stream().sorted().toList(), produced.stream().sorted().toList());
        assertTrue(produced.contains("pinned.tma.h2d.2GiB.blocks132"), produced.toString());
        assertTrue(produced.contains("device.kernel.d2d-read.2GiB.blocks66"), produced.toString());
    }
}
