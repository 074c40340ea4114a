package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --openmetrics on a measuring command: the document's figures, written atomically beside the usual output. */
class OpenMetricsOutputTest {
    @TempDir
    Path dir;

    @Test
    void writesTheDocumentsResultsAsOpenMetrics() throws IOException {
        Path file = dir.resolve("xfer.prom");
        ParsedMeasuring parsed = new ParsedMeasuring("--openmetrics", file.toString());
        MeasuringMixin m = parsed.measuring;
        BandwidthResults report = ResultsFixtures.bandwidthReport();
        RunResults results = new RunResults("bandwidth", List.of(Metric.overLink("pinned.h2d.16MiB", 52.634, 63.0)), List.of());
        Rendering rendering = new Rendering(() -> "TEXT\n", () -> "csv\n",
                () -> OneDeviceRun.document(report));
        int exit = m.finish(report.context(), results, m.validate(m.expectations(), results.metrics().stream().map(Metric::declaration).toList()), rendering, Instant.now());
        assertEquals(ExitCode.OK, exit);
        assertEquals("TEXT\n", parsed.out.toString());
        String text = Files.readString(file);
        assertTrue(text.contains("xfer_bandwidth_bytes_per_second{host=\"gpu-host-1\",label=\"nightly\","
                + "gpu_uuid=\"GPU-8f3a2c1e-5b7d-4e90-a1c2-3d4e5f607182\",pci_bus_id=\"0000:17:00.0\",device=\"0\","
                + "gpu_name=\"NVIDIA H200\",command=\"bandwidth\",memory=\"pinned\",copy=\"driver\",direction=\"h2d\","
                + "bytes=\"16777216\"} 5.2634E10\n"), text);
        assertTrue(text.endsWith("# EOF\n"), text);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside it");
        }
    }
}
