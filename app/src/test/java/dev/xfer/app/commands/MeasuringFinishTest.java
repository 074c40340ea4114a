package dev.xfer.app.commands;


import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.run.UnusableOptionException;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared end of every measuring command, {@link MeasuringMixin#finish}, on fixed results:
 * no CUDA. The mixin's options are filled by picocli from the arguments each test gives, on a
 * test-only command that carries the mixin as the real commands do.
 */
class MeasuringFinishTest {
    private static final String TEXT = "TEXT REPORT\n";
    private static final String CSV = "name,gbps\npinned.h2d.16MiB,52.634\n";
    private static final double LINK = 63.0;
    private static final String PASS_LINE = "PASS pinned.h2d.16MiB >= 45GB/s (measured 52.63GB/s)";
    private static final String FAIL_LINE = "FAIL pinned.h2d.16MiB >= 60GB/s (measured 52.63GB/s)";

    @TempDir
    Path dir;

    private static final class Run {
        final ParsedMeasuring parsed;
        final StringWriter out;

        Run(String... args) {
            parsed = new ParsedMeasuring(args);
            out = parsed.out;
        }

        ParsedMeasuring.Finished finish(RunResults results) {
            MeasuringMixin m = parsed.measuring;
            ValidatedExpectations validated = m.validate(m.expectations(), declarations(results));
            return parsed.finished(m.finish(ResultsFixtures.context(), results, validated, rendering(m), Instant.now()));
        }
    }

    private static List<MetricDeclaration> declarations(RunResults results) {
        return results.metrics().stream().map(Metric::declaration).toList();
    }

    /** Each format's body; rendering one that was not chosen fails the test. */
    private static Rendering rendering(MeasuringMixin m) {
        return new Rendering(
                () -> chosen(m, OutputFormat.TEXT, TEXT),
                () -> chosen(m, OutputFormat.CSV, CSV),
                () -> chosen(m, OutputFormat.JSON, dev.xfer.app.run.Documents.document("fake", ResultsFixtures.context(),
                        JsonMaps.object("size", 16L << 20), List.of(JsonMaps.object("name", "pinned.h2d.16MiB")), List.of())));
    }

    private static <T> T chosen(MeasuringMixin m, OutputFormat format, T body) {
        assertEquals(format, m.format(), "only the chosen format is rendered");
        return body;
    }

    private static RunResults results(Optional<String> failure) {
        return new RunResults("bandwidth", List.of(
                Metric.overLink("pinned.h2d.16MiB", 52.634, LINK),
                Metric.overLink("pinned.d2h.16MiB", 53.5, LINK)), List.of(
                new MeasuredConfiguration("pinned.h2d.16MiB", "median 52.63 GB/s", failure),
                new MeasuredConfiguration("pinned.d2h.16MiB", "median 53.50 GB/s", Optional.empty())));
    }

    private static RunResults passing() {
        return results(Optional.empty());
    }

    private static RunResults wrongData() {
        return results(Optional.of("byte 4097 came back as 0x3c, expected 0xa5"));
    }

    private List<String> strayFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
        }
    }

    // ---- (a) text on stdout, PASS/FAIL lines after it

    @Test
    void textGoesToStdoutWithThePassLinesAfterIt() {
        ParsedMeasuring.Finished f = new Run("--expect", "pinned.h2d.16MiB >= 45GB/s").finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals(TEXT + PASS_LINE + "\n", f.out());
        assertEquals("", f.err());
    }

    @Test
    void anUnmetExpectationIsPrintedAndExits1() {
        ParsedMeasuring.Finished f = new Run("--expect", "pinned.h2d.16MiB >= 45GB/s", "--expect", "pinned.h2d.16MiB >= 60GB/s")
                .finish(passing());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertEquals(TEXT + PASS_LINE + "\n" + FAIL_LINE + "\n", f.out());
        assertEquals("", f.err());
    }

    @Test
    void withoutExpectationsTheReportIsAllThereIs() {
        ParsedMeasuring.Finished f = new Run().finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals(TEXT, f.out());
        assertEquals("", f.err());
    }

    @Test
    void aPrefixChecksEveryResultItSelects() {
        ParsedMeasuring.Finished f = new Run("--expect", "pinned >= 84%link").finish(passing());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode(), "h2d is 83.5% of the link");
        assertEquals(TEXT + "FAIL pinned.h2d.16MiB >= 84%link (measured 83.55%link)\n"
                + "PASS pinned.d2h.16MiB >= 84%link (measured 84.92%link)\n", f.out());
    }

    // ---- (b) JSON and CSV on stdout stay machine-readable: the lines go to stderr

    @Test
    void jsonCarriesTheExpectationsAndTheLinesGoToStderr() {
        ParsedMeasuring.Finished f = new Run("--json", "--expect", "pinned.h2d.16MiB >= 45GB/s", "--expect", "pinned.h2d.16MiB >= 60GB/s")
                .finish(passing());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertEquals(PASS_LINE + "\n" + FAIL_LINE + "\n", f.err());

        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(f.out());
        assertEquals(1L, doc.get("schemaVersion"));
        assertEquals("fake", doc.get("command"));
        assertEquals(List.of("schemaVersion", "command", "context", "parameters", "results", "failures", "expectations"),
                List.copyOf(doc.keySet()));
        assertEquals(List.of(
                JsonMaps.object("expectation", "pinned.h2d.16MiB >= 45GB/s", "result", "pinned.h2d.16MiB",
                        "measured", 52.634, "bound", 45.0, "unit", "GB/s", "passed", true, "line", PASS_LINE),
                JsonMaps.object("expectation", "pinned.h2d.16MiB >= 60GB/s", "result", "pinned.h2d.16MiB",
                        "measured", 52.634, "bound", 60.0, "unit", "GB/s", "passed", false, "line", FAIL_LINE)),
                doc.get("expectations"));
    }

    @Test
    void jsonWithoutExpectationsHasAnEmptyArrayAndStderrStaysQuiet() {
        ParsedMeasuring.Finished f = new Run("--json").finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals("", f.err());
        assertEquals(List.of(), ((Map<?, ?>) JsonMaps.parse(f.out())).get("expectations"));
    }

    @Test
    void csvIsTheBodyAloneAndTheLinesGoToStderr() {
        ParsedMeasuring.Finished f = new Run("--csv", "--expect", "pinned.h2d.16MiB >= 45GB/s").finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals(CSV, f.out());
        assertEquals(PASS_LINE + "\n", f.err());
    }

    @Test
    void jsonAndCsvTogetherAreAUsageError() {
        assertThrows(UsageException.class, () -> new Run("--json", "--csv").finish(passing()));
    }

    // ---- (c) --output: the body to the file, atomically; only the lines on stdout

    @Test
    void outputWritesTheTextBodyToTheFileAndOnlyTheLinesToStdout() throws IOException {
        Path file = dir.resolve("report.txt");
        ParsedMeasuring.Finished f = new Run("--output", file.toString(), "--expect", "pinned.h2d.16MiB >= 45GB/s").finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals(TEXT + PASS_LINE + "\n", Files.readString(file));
        assertEquals(PASS_LINE + "\n", f.out());
        assertEquals("", f.err());
        assertEquals(List.of(), strayFiles(), "no temporary file left beside it");
    }

    @Test
    void outputWritesTheJsonDocumentToTheFile() throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, "an older run\n");
        ParsedMeasuring.Finished f = new Run("--json", "--output", file.toString(), "--expect", "pinned.h2d.16MiB >= 60GB/s")
                .finish(passing());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(Files.readString(file));
        assertEquals(1, ((List<?>) doc.get("expectations")).size());
        assertEquals(FAIL_LINE + "\n", f.out(), "nothing but the expectation lines on stdout");
        assertEquals("", f.err());
        assertEquals(List.of(), strayFiles());
    }

    @Test
    void outputWithoutExpectationsLeavesStdoutEmpty() throws IOException {
        Path file = dir.resolve("results.csv");
        ParsedMeasuring.Finished f = new Run("--csv", "--output", file.toString()).finish(passing());
        assertEquals(ExitCode.OK, f.exitCode());
        assertEquals(CSV, Files.readString(file));
        assertEquals("", f.out());
        assertEquals("", f.err());
    }

    // ---- (d) --junit

    @Test
    void junitWritesAReportThatParsesBack() throws Exception {
        Path xml = dir.resolve("junit.xml");
        ParsedMeasuring.Finished f = new Run("--junit", xml.toString(), "--expect", "pinned.h2d.16MiB >= 45GB/s",
                "--expect", "pinned.h2d.16MiB >= 60GB/s").finish(wrongData());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertEquals(TEXT + PASS_LINE + "\n" + FAIL_LINE + "\n", f.out(), "--junit changes nothing on stdout");

        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Element root = factory.newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        var suites = root.getElementsByTagName("testsuite");
        assertEquals(2, suites.getLength(), "the run's configurations, then the expectations");
        Element run = (Element) suites.item(0);
        Element expectations = (Element) suites.item(1);
        assertEquals("xfer bandwidth (device 0: NVIDIA H200)", run.getAttribute("name"));
        assertEquals("2", run.getAttribute("tests"));
        assertEquals("1", run.getAttribute("failures"));
        assertEquals("2", expectations.getAttribute("tests"));
        assertEquals("1", expectations.getAttribute("failures"));
        assertEquals(List.of(), strayFiles());
    }

    // ---- (e) a configuration whose own check failed

    @Test
    void aFailedConfigurationExits1EvenWithoutExpectations() {
        ParsedMeasuring.Finished f = new Run().finish(wrongData());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertEquals(TEXT, f.out());
    }

    @Test
    void aFailedConfigurationExits1EvenWhenEveryExpectationPasses() {
        ParsedMeasuring.Finished f = new Run("--json", "--expect", "pinned.h2d.16MiB >= 45GB/s").finish(wrongData());
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertEquals(PASS_LINE + "\n", f.err());
    }

    // ---- (f) a file that cannot be written

    @Test
    void outputIntoADirectoryThatDoesNotExistIsAUsageErrorBeforeTheRun() throws IOException {
        Path file = dir.resolve("missing").resolve("results.json");
        UnusableOptionException e = assertThrows(UnusableOptionException.class,
                () -> new Run("--json", "--output", file.toString()).finish(passing()));
        assertEquals(2, dev.xfer.app.cli.ErrorLine.exitCode(e));
        assertTrue(e.getMessage().startsWith("--output " + file + ": the folder "), e.getMessage());
        assertFalse(Files.exists(dir.resolve("missing")));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "nothing left in the parent");
        }
    }

    @Test
    void nothingReachesStdoutWhenTheOutputFileCannotBeWritten() throws IOException {
        Path file = unwritable("results.txt");
        Run run = new Run("--output", file.toString(), "--expect", "pinned.h2d.16MiB >= 45GB/s");
        assertThrows(UncheckedIOException.class, () -> run.finish(passing()));
        assertEquals("", run.out.toString());
    }

    @Test
    void aJunitFileThatCannotBeWrittenIsTheOneNamed() throws IOException {
        Path output = dir.resolve("results.json");
        Path junit = unwritable("junit.xml");
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> new Run("--json", "--output", output.toString(), "--junit", junit.toString()).finish(passing()));
        assertTrue(e.getMessage().startsWith("cannot write --junit " + junit + ": "), e.getMessage());
        assertTrue(Files.exists(output), "the results were written before the report failed");
        assertEquals(List.of(), strayFiles());
    }

    /**
     * A file that cannot be written, though its name is fine and its folder exists (a folder in
     * its place is a usage error, found before the run): a name of 300 characters, past the file
     * system's 255, so the rename of the temporary file onto it fails.
     */
    private Path unwritable(String name) {
        return dir.resolve("x".repeat(300 - name.length()) + name);
    }
}
