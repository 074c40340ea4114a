package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.smoke.SmokeDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** smoke's document, built from the fixture reports as smoke builds it, read by fleet and compare. */
class SmokeDocumentReadingTest {
    @TempDir
    Path dir;

    private static SmokeDocument.Run smoke() {
        SmokeDocument.Device device = SmokeDocument.device(ResultsFixtures.context(), ResultsFixtures.bandwidthReport(),
                ResultsFixtures.overlapReport(), ResultsFixtures.checkReport(), List.of(), List.of(), true);
        return SmokeDocument.of(List.of(device), true);
    }

    @Test
    void everyMeasuredResultIsNamedByItsCommand() {
        List<GpuRun> runs = new DocumentReader().runs(Path.of("smoke.json"), JsonMaps.parse(Json.write(smoke())));
        assertEquals(1, runs.size());
        GpuRun run = runs.getFirst();
        assertEquals("smoke", run.command());
        assertEquals("GPU-8f3a2c1e-5b7d-4e90-a1c2-3d4e5f607182", run.uuid().orElseThrow());
        List<String> names = run.measurements().stream().map(Measurement::name).toList();
        // smoke's rows are its own (fewer iterations): named by smoke, and by the part that measured them
        assertTrue(names.contains("smoke.pinned.h2d.16MiB.gbps"), names.toString());
        assertTrue(names.contains("smoke.overlap.v1.milliseconds"), names.toString());
        assertEquals("overlap", run.measurement("smoke.overlap.v1.milliseconds").orElseThrow().labels().get("part"));
    }

    @Test
    void fleetAndCompareReadSmokeDocuments() {
        Path a = FleetFixtures.write(dir, "a.json", smoke());
        Path b = FleetFixtures.write(dir, "b.json", smoke());
        XferRun fleet = XferRun.of("fleet", dir.toString());
        // The fixture reports record wrong data on two pinned copies: whatever the numbers, the node fails, named.
        assertEquals(1, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.out().contains("node gpu-host-1: FAIL gpu-host-1 [nightly] GPU-8f3a2c1e-5b7d-4e90-a1c2-3d4e5f607182 (device 0): "
                + "pinned.h2d.16MiB not verified: the copied data were wrong (verified: false)"), fleet.out());
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", a.toString(), b.toString());
        assertEquals(1, compare.exitCode(), compare.out() + compare.err());
        assertTrue(compare.out().contains("0 worse beyond noise"), compare.out());
        assertTrue(compare.out().contains("CURRENT RUN " + b + " FAIL: pinned.h2d.16MiB not verified"), compare.out());
    }
}
