package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --output on the commands that print a report (fleet, compare, topo; devices and doctor resolve it
 * before CUDA), and compare's --csv and --junit: the measuring commands' rules (atomic, a link kept,
 * an input never replaced, stdout for one output only).
 */
class ReportOutputsTest {
    @TempDir
    Path dir;

    private Path before;
    private Path after;

    private void sides() {
        before = FleetFixtures.write(dir, "before.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 55.0, 53.0, 16), null, 0.1, 20));
        after = FleetFixtures.write(dir, "after.json", FleetFixtures.document(new Gpu("n1", "NVIDIA H200", 0, 44.0, 57.0, 16), null, 0.1, 20));
    }

    @Test
    void compareOutputWritesWhatStdoutWouldHoldAtomicallyThroughALink() throws Exception {
        sides();
        XferRun plain = XferRun.of("compare", "--json", "--fail-on-regression", "5%", before.toString(), after.toString());
        Path real = Files.writeString(dir.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
        XferRun run = XferRun.of("compare", "--json", "--fail-on-regression", "5%", "--output", link.toString(),
                before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(plain.out(), Files.readString(real));
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        try (var files = Files.list(dir)) {
            assertEquals(4, files.count(), "no temporary file left");
        }
    }

    @Test
    void compareOutputOntoAnInputIsRefusedAndTheInputKept() throws Exception {
        sides();
        byte[] was = Files.readAllBytes(before);
        XferRun.of("compare", "--output", before.toString(), before.toString(), after.toString())
                .assertOneLine(2, "xfer: --output " + before + " is also an input document");
        XferRun.of("compare", "--junit", after.toString(), before.toString(), after.toString())
                .assertOneLine(2, "xfer: --junit " + after + " is also an input document");
        assertArrayEquals(was, Files.readAllBytes(before));
        XferRun.of("compare", "--junit", "-", before.toString(), after.toString()).assertOneLine(2,
                "xfer: --junit - writes standard output, which carries the report (text, --json or --csv): give --junit a file");
        XferRun.of("compare", "--json", "--csv", before.toString(), after.toString())
                .assertOneLine(2, "xfer: --json and --csv exclude each other");
        XferRun.of("compare", "--output", dir.resolve("no/such/folder/r.txt").toString(), before.toString(), after.toString())
                .assertOneLine(2, "xfer: --output ");
    }

    @Test
    void compareWithOutputInAFileMayWriteJunitOnStdout() throws Exception {
        sides();
        Path report = dir.resolve("report.txt");
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", "--output", report.toString(), "--junit", "-",
                before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("<?xml"), run.out());
        assertTrue(Files.readString(report).contains("REGRESSION"), Files.readString(report));
    }

    @Test
    void compareCsvHasARowPerJudgedResult() {
        sides();
        XferRun run = XferRun.of("compare", "--csv", "--fail-on-regression", "5%", before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.getFirst().startsWith("host,uuid,pci_bus_id,baseline_file,current_file,name,unit,"), lines.getFirst());
        assertEquals(5, lines.size(), run.out());
        String worst = lines.get(1);
        assertTrue(worst.contains(",pinned.h2d.64MiB.microseconds,us,false,") && worst.contains(",regression,true,"), worst);
        assertTrue(lines.stream().skip(1).allMatch(l -> l.split(",", -1).length == 24), run.out());
        // One run a side gives no run-to-run CoV: both fields empty.
        assertTrue(lines.stream().skip(1).allMatch(l -> l.endsWith(",,")), run.out());
    }

    @Test
    void compareJunitFailsTheRegressionsAndTheMissingResults() throws Exception {
        sides();
        Path xml = dir.resolve("compare.xml");
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", "--junit", xml.toString(), before.toString(), after.toString());
        assertEquals(1, run.exitCode(), run.err());
        String junit = Files.readString(xml);
        assertEquals(4, junit.split("<testcase ", -1).length - 1, junit);
        assertEquals(2, junit.split("<failure ", -1).length - 1, junit);
        assertTrue(junit.contains("name=\"pinned.h2d.64MiB.gbps\""), junit);
        assertTrue(junit.contains("REGRESSION beyond noise and 5%"), junit);
        XferRun lenient = XferRun.of("compare", "--fail-on-regression", "25%", "--junit", xml.toString(), before.toString(), after.toString());
        assertEquals(0, lenient.exitCode(), lenient.err());
        assertFalse(Files.readString(xml).contains("<failure"), Files.readString(xml));
        // A baseline result the current side lacks fails a case of its own.
        Path fewer = Files.writeString(dir.resolve("fewer.json"), Files.readString(after).replace("\"d2h\"", "\"h2d\""));
        XferRun missing = XferRun.of("compare", "--fail-on-regression", "25%", "--junit", xml.toString(), before.toString(), fewer.toString());
        assertEquals(1, missing.exitCode(), missing.err() + missing.out());
        assertTrue(Files.readString(xml).contains("MISSING "), Files.readString(xml));
    }

    @Test
    void fleetOutputTakesTheReportAndFreesStdoutForJunit() throws Exception {
        sides();
        Path report = dir.resolve("fleet.json");
        XferRun run = XferRun.of("fleet", "--json", "--output", report.toString(), "--junit", "-", before.toString());
        assertTrue(run.exitCode() <= 1, run.err());
        assertTrue(run.out().startsWith("<?xml"), run.out());
        assertTrue(Files.readString(report).startsWith("{"), Files.readString(report));
        XferRun.of("fleet", "--output", before.toString(), before.toString())
                .assertOneLine(2, "xfer: --output " + before + " is also an input document");
    }

    @Test
    void topoOutputWritesTheDocumentWithoutCuda() throws Exception {
        Path topo = dir.resolve("topo.json");
        XferRun run = XferRun.of("topo", "--json", "--output", topo.toString(), "--sysfs-root",
                Path.of("src/test/resources/sysfs/two-node-degraded").toAbsolutePath().toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertTrue(Files.readString(topo).contains("\"command\": \"topo\""), Files.readString(topo));
    }

    @Test
    void devicesAndDoctorRefuseABadOutputBeforeCuda() {
        for (String command : List.of("devices", "doctor")) {
            XferRun.of(command, "--json", "--output", dir.toString()).assertOneLine(2, "xfer: --output " + dir + " is a folder");
        }
        XferRun.of("doctor", "--junit", "-").assertOneLine(2,
                "xfer: --junit - writes standard output, which carries the findings without --output (text or --json): give --junit a file");
        XferRun.of("doctor", "--output", "-", "--junit", "/dev/stdout").assertOneLine(2,
                "xfer: --output - and --junit /dev/stdout name the same standard output");
    }
}
