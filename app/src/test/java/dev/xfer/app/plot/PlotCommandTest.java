package dev.xfer.app.plot;

import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** xfer plot: documents in, one HTML file out; anything else one line and exit 2. */
class PlotCommandTest {
    @TempDir
    Path dir;

    private Path fixture(String name) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, SvgXml.resource("/golden/" + name));
        return file;
    }

    @Test
    void writesOneHtmlFileFromDocuments() throws IOException {
        Path report = dir.resolve("report.html");
        XferRun run = XferRun.of("plot", fixture("overlap.json").toString(), fixture("bandwidth.json").toString(),
                "-o", report.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(report + ": 2 documents\n", run.out());
        String html = Files.readString(report);
        assertTrue(html.contains("<h2>overlap.json</h2>") && html.contains("<h2>bandwidth.json</h2>"));
        assertEquals(3, HtmlReportTest.svgs(html).size());
    }

    /** fleet's and compare's documents are bound to their records: a field of the wrong kind is its path, exit 2. */
    @Test
    void aMalformedFleetOrCompareFieldIsItsPathAndExit2() throws IOException {
        Path report = dir.resolve("report.html");
        Path fleet = dir.resolve("fleet.json");
        Files.writeString(fleet, SvgXml.resource("/golden/fleet.json").replaceFirst("\"median\": [0-9.]+", "\"median\": null"));
        XferRun run = XferRun.of("plot", fleet.toString(), "-o", report.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertEquals("xfer: " + fleet + ": groups[0].results[0].median: expected a number, got null\n", run.err());
        assertFalse(Files.exists(report), "nothing written");

        Path compare = dir.resolve("compare.json");
        Files.writeString(compare, SvgXml.resource("/golden/compare.json").replaceFirst("\"change\": [-0-9.]+", "\"change\": \"-25%\""));
        XferRun textChange = XferRun.of("plot", compare.toString(), "-o", report.toString());
        assertEquals(2, textChange.exitCode(), textChange.err());
        assertTrue(textChange.err().startsWith("xfer: " + compare + ": results[0].change: expected a number, got text"), textChange.err());
        assertEquals(1, textChange.err().lines().count());

        XferRun drawn = XferRun.of("plot", fixture("fleet.json").toString(), fixture("compare.json").toString(),
                "-o", report.toString());
        assertEquals(0, drawn.exitCode(), drawn.err());
        assertEquals(2, HtmlReportTest.svgs(Files.readString(report)).size(), "a fleet chart and a compare chart");
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "[]", "1", "\"text\""})
    void aFileThatIsOneValueButNoObjectIsOneLineAndExit2(String value) throws IOException {
        Path other = Files.writeString(dir.resolve("value.json"), value);
        XferRun run = XferRun.of("plot", other.toString(), "-o", dir.resolve("report.html").toString());
        assertEquals(2, run.exitCode(), run.err());
        assertEquals("xfer: " + other + ": not an xfer document (no schemaVersion and command at the top)\n", run.err());
    }

    @Test
    void aFileThatIsNoXferDocumentIsOneLineAndExit2() throws IOException {
        Path report = dir.resolve("report.html");
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"name\": \"not ours\"}");
        XferRun run = XferRun.of("plot", fixture("check.json").toString(), other.toString(), "-o", report.toString());
        assertEquals(2, run.exitCode());
        assertEquals("xfer: " + other + ": not an xfer document (no schemaVersion and command at the top)\n", run.err());
        assertFalse(Files.exists(report), "nothing written");

        Path text = dir.resolve("table.txt");
        Files.writeString(text, "device 0 NVIDIA H200\n");
        XferRun notJson = XferRun.of("plot", text.toString(), "-o", report.toString());
        assertEquals(2, notJson.exitCode());
        assertTrue(notJson.err().startsWith("xfer: " + text + ": not JSON"), notJson.err());
        assertEquals(1, notJson.err().lines().count());

        XferRun missing = XferRun.of("plot", dir.resolve("nowhere.json").toString(), "-o", report.toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }

    @Test
    void aNewerSchemaOrBrokenTimelineIsExit2() throws IOException {
        Path report = dir.resolve("report.html");
        Path newer = dir.resolve("newer.json");
        Files.writeString(newer, "{\"schemaVersion\": 99, \"command\": \"overlap\"}");
        XferRun run = XferRun.of("plot", newer.toString(), "-o", report.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("newer than this xfer reads"), run.err());

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, SvgXml.resource("/golden/overlap.json").replaceFirst("\"stage\": \"h2d\"", "\"stage\": \"warp\""));
        XferRun bad = XferRun.of("plot", broken.toString(), "-o", report.toString());
        assertEquals(2, bad.exitCode(), bad.err());
        // The field's path, as fleet and compare name a bad field.
        assertTrue(bad.err().startsWith("xfer: ") && bad.err().contains(
                "broken.json: timelines[0].ops[0].stage: expected one of h2d, kernel, d2h, got text \"warp\""), bad.err());
        assertEquals(1, bad.err().lines().count(), bad.err());
    }

    @Test
    void outputIsRequiredAndItsFolderMustExist() throws IOException {
        XferRun none = XferRun.of("plot", fixture("check.json").toString());
        assertEquals(2, none.exitCode());
        XferRun folder = XferRun.of("plot", fixture("check.json").toString(), "-o", dir.resolve("no/such/r.html").toString());
        assertEquals(2, folder.exitCode());
        assertTrue(folder.err().contains("does not exist"), folder.err());
    }
}
