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
}
