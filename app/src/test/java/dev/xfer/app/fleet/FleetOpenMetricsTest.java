package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** xfer fleet --openmetrics: a whole merged fleet in one file, every GPU's results once. */
class FleetOpenMetricsTest {
    @TempDir
    Path dir;

    @Test
    void aMergedFleetIsOneValidExposition() throws IOException {
        Path prom = dir.resolve("fleet.prom");
        XferRun run = XferRun.of("fleet", "--openmetrics", prom.toString(), "src/test/resources/h200",
                "src/test/resources/golden/bandwidth-staged.json", "src/test/resources/golden/bandwidth-devices-p2p.json");
        // The verdict (the golden GPU's link at Gen1 is a note, outliers a FAIL) does not change the export.
        assertTrue(run.exitCode() <= 1, run.err());
        List<OpenMetricsTest.Sample> samples = OpenMetricsTest.parse(Files.readString(prom));
        Set<String> commands = samples.stream().map(s -> s.labels().get("command")).collect(Collectors.toSet());
        assertEquals(Set.of("bandwidth", "overlap", "batch", "check", "pipeline"), commands);
        Set<String> gpus = samples.stream().map(s -> s.labels().get("gpu_uuid")).collect(Collectors.toSet());
        assertEquals(5, gpus.size(), gpus.toString()); // the H200, the golden GPU, the three p2p GPUs
        Set<String> labelSets = new HashSet<>();
        samples.forEach(s -> assertTrue(labelSets.add(s.family() + s.labels()), s.toString()));
        assertTrue(samples.size() > 200, Integer.toString(samples.size()));
    }

    @Test
    void theFileMustBeWritableBeforeAnythingIsRead() {
        XferRun run = XferRun.of("fleet", "--openmetrics", dir.resolve("no/such/folder/fleet.prom").toString(),
                "src/test/resources/h200");
        assertEquals(2, run.exitCode(), run.err());
    }

    /** Two runs of one GPU: the newer by start time is the sample, read first or last, and stderr says which was dropped. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"a-new.json, b-old.json", "b-new.json, a-old.json"})
    void severalRunsOfOneGpuKeepTheNewest(String newer, String older) throws IOException {
        FleetFixtures.Gpu gpu = new FleetFixtures.Gpu("n1", "NVIDIA H200", 0, 54);
        java.util.Map<String, Object> recent = FleetFixtures.document(gpu, null, 0.1, 20);
        ((java.util.Map<String, Object>) recent.get("context")).put("started", "2025-06-02T08:00:00Z");
        FleetFixtures.write(dir, "nodes/" + newer, recent);
        FleetFixtures.write(dir, "nodes/" + older,
                FleetFixtures.document(new FleetFixtures.Gpu("n1", "NVIDIA H200", 0, 55), null, 0.1, 20));
        Path prom = dir.resolve("fleet.prom");
        XferRun run = XferRun.of("fleet", "--openmetrics", prom.toString(), dir.resolve("nodes").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertEquals("xfer: --openmetrics: " + gpu.host() + " " + gpu.uuid() + " (device 0): kept the run in "
                + dir.resolve("nodes/" + newer) + " (started 2025-06-02T08:00:00Z), dropped the one in "
                + dir.resolve("nodes/" + older) + " (started 2025-06-01T12:34:56Z): one sample per GPU and result",
                run.errLines()[0]);
        List<OpenMetricsTest.Sample> samples = OpenMetricsTest.parse(Files.readString(prom));
        List<OpenMetricsTest.Sample> h2d = samples.stream()
                .filter(s -> s.family().equals("xfer_bandwidth_bytes_per_second") && "h2d".equals(s.labels().get("direction")))
                .toList();
        assertEquals(1, h2d.size(), samples.toString());
        assertEquals(54e9, h2d.getFirst().value(), 1e3);
    }
}
