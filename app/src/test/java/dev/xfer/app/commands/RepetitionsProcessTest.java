package dev.xfer.app.commands;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.result.GpuResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --runs N} through the real plumbing in a real xfer JVM ({@link SlowFakeCommand}: no
 * CUDA, so no device is reset): every repetition in every format, expectations judged on each,
 * a stop keeping the repetitions done, and N=1 writing what a run without --runs writes.
 */
class RepetitionsProcessTest {
    @TempDir
    Path dir;

    private record Ran(int exit, String out, String err) {
    }

    private Ran run(String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(LongRunProcessTest.command(args)).directory(dir.toFile()).start();
        p.getOutputStream().close();
        // Small outputs: read after the exit (nothing blocks on a full pipe).
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended within a minute");
        return new Ran(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentCarriesEveryRepetitionAsTheDocumentItWouldHaveWrittenAlone() throws Exception {
        Ran alone = run("--configurations", "2", "--step-ms", "10", "--json");
        Ran three = run("--configurations", "2", "--step-ms", "10", "--json", "--runs", "3");
        assertEquals(ExitCode.OK, three.exit(), three.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(three.out());
        assertEquals(1L, doc.get("schemaVersion"));
        assertEquals("slowfake", doc.get("command"));
        assertEquals(3L, ((Map<String, Object>) doc.get("parameters")).get("runs"));
        assertEquals(2L, ((Map<String, Object>) doc.get("parameters")).get("configurations"), "the repetitions' own");
        assertNull(doc.get("complete"), "a complete run says nothing of it, as without --runs");
        List<Object> runs = (List<Object>) doc.get("runs");
        assertEquals(3, runs.size());
        Map<String, Object> single = (Map<String, Object>) JsonMaps.parse(alone.out());
        for (Object r : runs) {
            Map<String, Object> one = (Map<String, Object>) r;
            // The fixed fake context has a fixed start time, so a repetition is the lone run's document exactly.
            assertEquals(single, one);
        }
        assertTrue(three.err().contains("runs: 3 (fresh context and host allocations each)"), three.err());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentGivesEachResultsRunToRunCoefficientOfVariation() throws Exception {
        Ran three = run("--configurations", "2", "--step-ms", "10", "--json", "--runs", "3", "--slow-run", "2");
        assertEquals(ExitCode.OK, three.exit(), three.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(three.out());
        // Bound back strictly, as the gates bind a document: the rows are records, equal to what was written.
        dev.xfer.app.output.RepeatedDocument bound = (dev.xfer.app.output.RepeatedDocument)
                dev.xfer.app.output.DocumentParts.of(FakeParameters.class, FakeRow.class).read(three.out());
        assertEquals(2, bound.runToRun().orElseThrow().size());
        assertEquals("fake.c0", bound.runToRun().orElseThrow().getFirst().result());
        assertEquals(0.12372, bound.runToRun().orElseThrow().getFirst().cov().orElseThrow(), 1e-4);
        List<Object> spread = (List<Object>) doc.get("runToRun");
        assertEquals(2, spread.size(), "one per result: " + spread);
        Map<String, Object> c0 = (Map<String, Object>) spread.getFirst();
        assertEquals("fake.c0", c0.get("result"));
        assertEquals("GB/s", c0.get("unit"));
        assertEquals(3L, c0.get("runs"));
        // 50, 40, 50 GB/s: mean 46.667, sample stddev 5.7735, CoV 0.12372.
        assertEquals(46.6667, (Double) c0.get("mean"), 1e-3);
        assertEquals(5.7735, (Double) c0.get("stddev"), 1e-3);
        assertEquals(0.12372, (Double) c0.get("cov"), 1e-4);
        Ran steady = run("--configurations", "1", "--step-ms", "10", "--json", "--runs", "2");
        Map<String, Object> same = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) JsonMaps.parse(steady.out()))
                .get("runToRun")).getFirst();
        assertEquals(0.0, (Double) same.get("cov"), "runs that measured alike vary by nothing");
    }

    @Test
    void theReaderReturnsEachRepetitionAsItsOwnRunWithItsNumber() throws Exception {
        Path file = dir.resolve("runs.json");
        Ran ran = run("--configurations", "2", "--step-ms", "10", "--json", "--runs", "4", "--output", file.toString());
        assertEquals(ExitCode.OK, ran.exit(), ran.err());
        List<GpuResults> gpus = read(file);
        assertEquals(4, gpus.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(i + 1, gpus.get(i).repetition().orElseThrow());
            assertEquals("slowfake", gpus.get(i).command());
        }
    }

    @Test
    void textShowsEachRepetitionTheSpreadAcrossThemAndTheRunsLine() throws Exception {
        Ran ran = run("--configurations", "2", "--step-ms", "10", "--runs", "3", "--slow-run", "2");
        assertEquals(ExitCode.OK, ran.exit(), ran.err());
        String out = ran.out();
        for (int k = 1; k <= 3; k++) {
            assertTrue(out.contains("run " + k + " of 3:\nconfiguration  GB/s\n"), out);
        }
        assertTrue(out.contains("across runs"), out);
        // fake.c0: 50, 40, 50 GB/s: lowest 40, median 50, highest 50, spread 20%; run-to-run CoV: the
        // medians' sample stddev 5.774 over their mean 46.667, 12.37%.
        assertTrue(out.lines().anyMatch(l -> l.matches("fake\\.c0\\s+3\\s+40\\s+50\\s+50\\s+GB/s\\s+20\\.0%\\s+12\\.37%")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("result\\s+runs\\s+lowest\\s+median\\s+highest\\s+unit\\s+spread\\s+CoV")), out);
        assertTrue(out.endsWith("runs: 3 (fresh context and host allocations each)\n"), out);
    }

    @Test
    void csvAndJsonLinesRowsCarryTheirRun() throws Exception {
        Ran csv = run("--configurations", "2", "--step-ms", "10", "--csv", "--runs", "2");
        assertEquals("run,configuration,gbps\n1,fake.c0,50.0\n1,fake.c1,51.0\n2,fake.c0,50.0\n2,fake.c1,51.0\n", csv.out());
        Path file = dir.resolve("rows.csv");
        Ran toFile = run("--configurations", "2", "--step-ms", "10", "--csv", "--runs", "2", "--output", file.toString());
        assertEquals(ExitCode.OK, toFile.exit(), toFile.err());
        assertEquals(csv.out(), Files.readString(file), "the same rows streamed and written");

        Ran jsonl = run("--configurations", "2", "--step-ms", "10", "--jsonl", "--runs", "2");
        List<String> lines = jsonl.out().lines().toList();
        assertEquals(5, lines.size(), jsonl.out());
        List<Object> runs = new ArrayList<>();
        for (String line : lines.subList(0, 4)) {
            Map<?, ?> row = (Map<?, ?>) JsonMaps.parse(line);
            assertEquals("result", row.get("record"));
            runs.add(row.get("run"));
        }
        assertEquals(List.of(1L, 1L, 2L, 2L), runs);
        Map<?, ?> summary = (Map<?, ?>) JsonMaps.parse(lines.getLast());
        assertEquals("summary", summary.get("record"));
        assertEquals(2, ((List<?>) summary.get("runs")).size());
        assertFalse(lines.getLast().contains("\"results\""), "the rows are not repeated in the summary");
    }

    @Test
    void anExpectationIsJudgedOnEveryRepetitionAndOneFailureFailsTheRun() throws Exception {
        Ran ran = run("--configurations", "2", "--step-ms", "10", "--runs", "3", "--slow-run", "2",
                "--expect", "fake.c0 >= 45GB/s", "--junit", "report.xml");
        assertEquals(ExitCode.CHECK_FAILED, ran.exit(), ran.out() + ran.err());
        String out = ran.out();
        int second = out.indexOf("run 2 of 3:");
        int third = out.indexOf("run 3 of 3:");
        assertTrue(out.substring(out.indexOf("run 1 of 3:"), second).contains("PASS fake.c0 >= 45GB/s"), out);
        assertTrue(out.substring(second, third).contains("FAIL fake.c0 >= 45GB/s"), out);
        assertTrue(out.substring(third).contains("PASS fake.c0 >= 45GB/s"), out);
        String junit = Files.readString(dir.resolve("report.xml"));
        for (int k = 1; k <= 3; k++) {
            assertTrue(junit.contains("name=\"fake.c0.run" + k + "\""), junit);
            assertTrue(junit.contains("(run " + k + " of 3)"), junit);
        }
        assertEquals(1, junit.split("<failure ", -1).length - 1, "one failed case: run 2's expectation\n" + junit);
    }

    @Test
    void withOutputTheJudgementsOfEachRepetitionStayOnStdoutAsWithoutRuns() throws Exception {
        Path file = dir.resolve("report.txt");
        Ran ran = run("--configurations", "2", "--step-ms", "10", "--runs", "2", "--slow-run", "2",
                "--expect", "fake.c0 >= 45GB/s", "--output", file.toString());
        assertEquals(ExitCode.CHECK_FAILED, ran.exit(), ran.err());
        assertEquals("run 1: PASS fake.c0 >= 45GB/s (measured 50GB/s)\nrun 2: FAIL fake.c0 >= 45GB/s (measured 40GB/s)\n",
                ran.out());
        assertTrue(Files.readString(file).endsWith("runs: 2 (fresh context and host allocations each)\n"));
        assertEquals("runs: 2 (fresh context and host allocations each)\n", ran.err());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTimeLimitBetweenOrWithinRepetitionsKeepsTheFinishedOnesMarkedIncomplete() throws Exception {
        // Each repetition takes about 0.9 s: the limit comes in the third.
        Path file = dir.resolve("stopped.json");
        Ran ran = run("--configurations", "3", "--step-ms", "300", "--runs", "10", "--timeout", "2s", "--json",
                "--output", file.toString());
        assertEquals(ExitCode.TIMEOUT, ran.exit(), ran.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Files.readString(file));
        assertEquals(Boolean.FALSE, doc.get("complete"));
        Map<String, Object> stopped = (Map<String, Object>) doc.get("stopped");
        assertEquals("time-limit", stopped.get("reason"));
        assertEquals(10L, stopped.get("planned"));
        List<Object> runs = (List<Object>) doc.get("runs");
        assertTrue(runs.size() >= 2 && runs.size() < 10, "repetitions kept: " + runs.size());
        assertNull(((Map<String, Object>) runs.getFirst()).get("complete"), "the first repetition is complete");
        assertTrue(ran.err().contains("of 10 runs; the runs measured so far were kept, marked incomplete"), ran.err());
        assertEquals(runs.size(), read(file).size(), "every kept repetition is read");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRepetitionThatFailsOutrightEndsTheRunWithItsCodeAfterWritingTheOnesBefore() throws Exception {
        Path file = dir.resolve("failed.json");
        Ran ran = run("--configurations", "2", "--step-ms", "10", "--runs", "4", "--fail-run", "3", "--json",
                "--output", file.toString());
        assertEquals(ExitCode.INTERNAL, ran.exit(), ran.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Files.readString(file));
        assertEquals(2, ((List<Object>) doc.get("runs")).size());
        assertEquals(Boolean.FALSE, doc.get("complete"));
        Map<String, Object> stopped = (Map<String, Object>) doc.get("stopped");
        assertEquals("error", stopped.get("reason"));
        assertEquals("failed after 2 of 4 runs: fake failure in run 3", stopped.get("message"));
        assertTrue(ran.err().contains("xfer: failed after 2 of 4 runs: fake failure in run 3; the runs measured so far"
                + " were kept, marked incomplete"), ran.err());

        Ran first = run("--configurations", "2", "--step-ms", "10", "--runs", "4", "--fail-run", "1", "--json",
                "--output", dir.resolve("none.json").toString());
        assertEquals(ExitCode.INTERNAL, first.exit(), first.err());
        assertFalse(Files.exists(dir.resolve("none.json")), "nothing measured, nothing written, as without --runs");
    }

    @Test
    void oneRunWritesExactlyWhatARunWithoutTheOptionWrites() throws Exception {
        for (String format : List.of("--csv", "--json", "--jsonl")) {
            Ran without = run("--configurations", "2", "--step-ms", "10", format);
            Ran one = run("--configurations", "2", "--step-ms", "10", format, "--runs", "1");
            assertEquals(without.out(), one.out(), format);
            assertEquals(without.err(), one.err(), format);
            assertFalse(one.out().contains("\"run\""), format);
        }
    }

    /** A fake row: its name and a plain figure (no summary, so no result to judge). */
    record FakeRow(String name, double gbps) implements dev.xfer.app.output.Row {
        @Override
        public List<dev.xfer.app.result.Result> results(dev.xfer.app.output.RowScope scope) {
            return List.of();
        }

        @Override
        public dev.xfer.app.result.MeasuringDocument.Row status() {
            return dev.xfer.app.output.RowStatus.judged(false).row();
        }
    }

    /** The fake command's plan. */
    record FakeParameters(int configurations) implements dev.xfer.app.output.Parameters {
        @Override
        public void identity(dev.xfer.app.output.IdentityFields into) {
        }
    }

    /** A --runs document of the fake command, bound into its records as the gates bind a real one's. */
    private static List<GpuResults> read(Path file) throws java.io.IOException {
        Object doc = dev.xfer.app.output.DocumentParts.of(FakeParameters.class, FakeRow.class)
                .read(java.nio.file.Files.readString(file));
        return dev.xfer.app.output.DocumentResults.of(file, (dev.xfer.app.output.RepeatedDocument) doc);
    }
}
