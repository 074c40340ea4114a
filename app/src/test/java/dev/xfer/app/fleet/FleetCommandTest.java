package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FleetCommandTest {
    @TempDir
    Path dir;

    private void fleetOf(Gpu... gpus) {
        for (Gpu gpu : gpus) {
            FleetFixtures.write(dir, "nodes/" + gpu.host() + "-" + gpu.index() + ".json", FleetFixtures.document(gpu, null, 0.1, 20));
        }
    }

    @Test
    void aDirectoryOfSteadyNodesPasses() {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55), new Gpu("n2", "NVIDIA H200", 0, 55.2), new Gpu("n3", "NVIDIA H200", 0, 54.9));
        XferRun run = XferRun.of("fleet", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().endsWith("\nfleet: 3 nodes PASS, 0 FAIL, 0 NO RESULT\nfleet: PASS\n"), run.out());
        assertTrue(!run.out().contains("node n1"), "a healthy node has no line of its own unless --all-rows: " + run.out());
        XferRun all = XferRun.of("fleet", "--all-rows", dir.toString());
        assertEquals(0, all.exitCode(), all.err());
        assertTrue(all.out().contains("node n1: PASS (1 GPU run)\nnode n2: PASS (1 GPU run)\nnode n3: PASS (1 GPU run)\n"), all.out());
    }

    @Test
    void theSlowNodeFailsWithItsReasonAndExitOne() throws IOException {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55), new Gpu("n2", "NVIDIA H200", 0, 55.2), new Gpu("n3", "NVIDIA H200", 0, 54.9),
                new Gpu("n4", "NVIDIA H200", 1, 41, 55, 16));
        Path junit = dir.resolve("fleet.xml");
        XferRun run = XferRun.of("fleet", "--junit", junit.toString(), dir.resolve("nodes").toString());
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.out().contains("node n4: FAIL n4 GPU-"), run.out());
        assertTrue(run.out().contains("(device 1): pinned.h2d.64MiB.gbps 41 GB/s is 25.4% worse than the median 54.95 of 4 NVIDIA H200 GPUs (band 10%; too few GPUs for a z-score)"), run.out());
        assertTrue(run.out().endsWith("fleet: FAIL\n"), run.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("tests=\"1\" failures=\"1\""), xml);
        assertEquals(4, xml.split("<testcase ").length - 1, xml);
    }

    @Test
    void jsonAndCsvCarryEveryGpu() {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55), new Gpu("n2", "NVIDIA H200", 0, 55), new Gpu("n3", "NVIDIA H200", 0, 30));
        XferRun json = XferRun.of("fleet", "--json", dir.toString());
        assertEquals(1, json.exitCode(), json.err());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(json.out());
        assertEquals(false, doc.get("passed"));
        assertEquals(3, ((List<?>) doc.get("nodes")).size());
        XferRun csv = XferRun.of("fleet", "--csv", "--margin", "50%", dir.toString());
        assertEquals(0, csv.exitCode(), csv.err());
        assertEquals(1 + 3 * 4, csv.out().strip().split("\n").length, csv.out());
    }

    @Test
    void eachBadFileGetsItsOneLineAndExitTwo() throws IOException {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55), new Gpu("n2", "NVIDIA H200", 0, 55));
        Files.writeString(dir.resolve("broken.json"), "{\"schemaVersion\": 1,\n  \"command\": \"bandwidth\" \"x\"}");
        XferRun run = XferRun.of("fleet", dir.toString());
        run.assertOneLine(2, "xfer: " + dir.resolve("broken.json") + ": not JSON: invalid JSON at line 2, column 26: ");

        Files.writeString(dir.resolve("broken.json"), "{\"name\": \"not xfer\"}");
        XferRun other = XferRun.of("fleet", dir.toString());
        other.assertOneLine(2, "xfer: " + dir.resolve("broken.json") + ": not an xfer document: no schemaVersion at the top");

        Files.writeString(dir.resolve("broken.json"), "{\"schemaVersion\": 2, \"command\": \"bandwidth\"}");
        XferRun newer = XferRun.of("fleet", dir.toString());
        newer.assertOneLine(2, "xfer: " + dir.resolve("broken.json") + ": schemaVersion 2 is newer than this xfer reads (1): use a newer xfer");
    }

    @Test
    void skipBadNamesEachBadFileAndReadsTheRest() throws IOException {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55), new Gpu("n2", "NVIDIA H200", 0, 55));
        Files.writeString(dir.resolve("a.json"), "not json");
        Files.write(dir.resolve("b.json"), new byte[] {(byte) 0xff, (byte) 0xfe});
        Files.writeString(dir.resolve("c.json"), "[1, 2]");
        XferRun run = XferRun.of("fleet", "--skip-bad", dir.toString(), dir.resolve("missing.json").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of(
                "xfer: " + dir.resolve("a.json") + ": not JSON: invalid JSON at line 1, column 1: 'not' is not a value (text in double quotes, a number, an object, a list, true, false or null) (skipped)",
                "xfer: " + dir.resolve("b.json") + ": not JSON: not UTF-8 text (skipped)",
                "xfer: " + dir.resolve("c.json") + ": not an xfer document: the top level is a list, not an object (skipped)",
                "xfer: " + dir.resolve("missing.json") + ": no such file or directory (skipped)"), List.of(run.errLines()));
        assertTrue(run.out().endsWith("fleet: 2 nodes PASS, 0 FAIL, 0 NO RESULT, 4 unreadable documents skipped\nfleet: PASS\n"), run.out());
    }

    @Test
    void aNodeWithoutAUsableGpuFailsByName() {
        fleetOf(new Gpu("n1", "NVIDIA H200", 0, 55));
        FleetFixtures.write(dir, "nodes/n2.json", JsonMaps.object("schemaVersion", 1L, "command", "smoke", "xfer", "0.1.0-test",
                "started", "2025-06-01T12:34:56Z", "host", "n2", "label", null, "unusable", "CUDA is not usable here: cudaErrorNoDevice", "devices", List.of(), "passed", false));
        XferRun run = XferRun.of("fleet", dir.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.out().contains("node n2: FAIL n2: no usable GPU: CUDA is not usable here: cudaErrorNoDevice\n"), run.out());
    }

    @Test
    void aBadMarginIsAUsageError() {
        XferRun run = XferRun.of("fleet", "--margin", "ten", dir.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("'ten' is not a percentage such as 10%"), run.err());
    }

    @Test
    void theGoldenDocumentsAreReadable() throws IOException {
        Path golden = Path.of("src/test/resources/golden");
        XferRun run = XferRun.of("fleet", "--skip-bad", golden.toString());
        // smoke-unusable.json is a node without a usable GPU: it fails by name, as it should.
        assertEquals(1, run.exitCode(), run.err());
        // Five documents without GPU results, and fleet-formats.json, a second fleet document.
        assertEquals(6, run.errLines().length, run.err());
        for (String command : List.of("devices", "topo", "doctor", "fleet", "compare")) {
            assertTrue(run.err().contains(command + ".json: not an xfer results document (" + command
                    + " documents carry no GPU results)"), run.err());
        }
        assertTrue(run.out().contains("overlap.pinned.v1.16MiB.elements4194304.streams4.block256.kernel1.milliseconds"), run.out());
        assertTrue(run.out().contains("node gpu-host-9: FAIL gpu-host-9 [nightly]: no usable GPU: CUDA is not usable here"), run.out());
        // The golden documents record wrong data on purpose (to show how it is written): their node FAILs, named.
        assertTrue(run.out().contains("node gpu-host-1: FAIL "), run.out());
        assertTrue(run.out().contains("pinned.h2d.16MiB not verified: the copied data were wrong (verified: false)"), run.out());
    }
}
