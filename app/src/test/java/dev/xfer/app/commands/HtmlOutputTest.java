package dev.xfer.app.commands;

import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.run.UnusableOptionException;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.overlap.OverlapResults;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --html on a measuring command: the finished document drawn as xfer plot draws it, beside the usual output. */
class HtmlOutputTest {
    @TempDir
    Path dir;

    @Test
    void writesTheDocumentsChartsBesideTheTable() throws IOException {
        Path file = dir.resolve("overlap.html");
        ParsedMeasuring parsed = new ParsedMeasuring();
        MeasuringMixin m = parsed.measuring;
        m.alsoHtml(file);
        OverlapResults report = ResultsFixtures.overlapReport();
        RunResults results = new RunResults("overlap", List.of(), List.of());
        Rendering rendering = new Rendering(() -> "TABLE\n", () -> "csv\n",
                () -> JsonDocumentGoldenTest.overlapDocument(report));
        int exit = m.finish(report.context(), results, m.validate(m.expectations(),
                results.metrics().stream().map(Metric::declaration).toList()), rendering, Instant.now());
        assertEquals(ExitCode.OK, exit);
        assertEquals("TABLE\n", parsed.out.toString(), "stdout unchanged");
        String html = Files.readString(file);
        assertTrue(html.contains("<title>xfer overlap</title>"), html);
        assertEquals(27, html.split("<rect class=\"op ", -1).length - 1, "every recorded operation drawn");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void aMissingFolderIsAUsageErrorBeforeMeasuring() {
        MeasuringMixin m = new ParsedMeasuring().measuring;
        m.alsoHtml(dir.resolve("no/such/r.html"));
        UnusableOptionException e = assertThrows(UnusableOptionException.class, m::format);
        assertEquals(2, dev.xfer.app.cli.ErrorLine.exitCode(e));
        assertTrue(e.getMessage().startsWith("--html "), e.getMessage());
        XferRun run = XferRun.of("overlap", "--html", dir.resolve("no/such/r.html").toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("xfer: --html "), run.err());
    }
}
