package dev.xfer.app.commands;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long runs in a real xfer JVM ({@link SlowFakeCommand}: xfer's own main, a slow fake benchmark,
 * no GPU): the progress line only on a terminal or when asked, JSON Lines that arrive while the
 * run goes on, and SIGINT, SIGTERM and --timeout keeping what was measured with their exit codes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LongRunProcessTest {
    private static final Pattern STOPPED = Pattern.compile("after (\\d+) of (\\d+) configurations");

    @TempDir
    Path dir;

    /** A started fake xfer whose stdout and stderr are read as they come. */
    record Run(Process process, Output out, Output err) {
        int exit() throws InterruptedException {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the run ended");
            out.thread.join(10_000);
            err.thread.join(10_000);
            return process.exitValue();
        }

        void signal(String name) throws IOException, InterruptedException {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor());
        }
    }

    /** What a stream said so far, with the time each line arrived. */
    static final class Output {
        final StringBuffer text = new StringBuffer();
        final List<Long> lineNanos = new ArrayList<>();
        final Thread thread;

        Output(InputStream in) {
            thread = new Thread(() -> {
                try (in) {
                    int c;
                    while ((c = in.read()) >= 0) {
                        synchronized (this) {
                            text.append((char) c);
                            if (c == '\n') {
                                lineNanos.add(System.nanoTime());
                            }
                        }
                    }
                } catch (IOException e) {
                    // The process is gone.
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        void await(Predicate<String> seen) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!seen.test(text.toString())) {
                assertTrue(System.nanoTime() < end, "waited a minute for the output; it is: " + text);
                Thread.sleep(20);
            }
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }

    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                SlowFakeCommand.class.getName(), "slowfake"));
        command.addAll(List.of(args));
        return command;
    }

    Run start(String... args) throws IOException {
        Process p = new ProcessBuilder(command(args)).directory(dir.toFile()).start();
        p.getOutputStream().close();
        return new Run(p, new Output(p.getInputStream()), new Output(p.getErrorStream()));
    }

    private static int stoppedAfter(String text, int planned) {
        Matcher m = STOPPED.matcher(text);
        assertTrue(m.find(), text);
        assertEquals(planned, Integer.parseInt(m.group(2)), text);
        return Integer.parseInt(m.group(1));
    }

    private void assertNoTemporaryFile() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), names.toString());
        }
    }

    @Test
    void noProgressLineWhenStderrIsAPipe() throws Exception {
        Run run = start("--configurations", "3", "--step-ms", "100");
        assertEquals(0, run.exit(), run.err().toString());
        assertEquals("", run.err().toString());
        assertTrue(run.out().toString().startsWith("configuration  GB/s\nfake.c0"), run.out().toString());
    }

    @Test
    void progressForcedGoesToStderrOnly() throws Exception {
        Run run = start("--configurations", "3", "--step-ms", "100", "--progress", "--csv");
        assertEquals(0, run.exit(), run.err().toString());
        assertTrue(run.err().toString().contains("\r\033[K[1/3] fake configuration 0 | "), run.err().toString());
        assertTrue(run.err().toString().contains("[3/3] fake configuration 2"), run.err().toString());
        assertTrue(run.err().toString().endsWith("\r\033[K"), "the line is erased at the end: " + run.err());
        assertEquals("configuration,gbps\nfake.c0,50.0\nfake.c1,51.0\nfake.c2,52.0\n", run.out().toString());
    }

    /** Under a pseudo-terminal (script(1)): the line appears on its own, and --no-progress turns it off. */
    @Test
    void progressOnATerminalUnlessTurnedOff() throws Exception {
        Path script = Stream.of("/usr/bin/script", "/bin/script").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElse(null);
        if (script == null) {
            assertFalse("true".equals(System.getenv("CI")), "CI needs script(1) (Debian package bsdutils)");
            Assumptions.abort("script(1) is not installed");
        }
        for (boolean off : new boolean[] {false, true}) {
            Path stdout = dir.resolve("stdout-" + off);
            String line = String.join(" ", command("--configurations", "3", "--step-ms", "100", "--csv")
                    .stream().map(LongRunProcessTest::quoted).toList())
                    + (off ? " --no-progress" : "") + " > " + quoted(stdout.toString());
            Process p = new ProcessBuilder(script.toString(), "-qec", line, "/dev/null").directory(dir.toFile())
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            String terminal = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), terminal);
            assertEquals(!off, terminal.contains("[1/3] fake configuration 0"), terminal);
            assertEquals("configuration,gbps\nfake.c0,50.0\nfake.c1,51.0\nfake.c2,52.0\n", Files.readString(stdout),
                    "nothing of the progress line on stdout");
        }
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    @Test
    void jsonLinesParseAndArriveWhileTheRunGoesOn() throws Exception {
        Run run = start("--configurations", "6", "--step-ms", "500", "--jsonl");
        run.out().await(text -> text.contains("\n"));
        assertTrue(run.process().isAlive(), "the first configuration's line came before the run ended");
        assertEquals(0, run.exit(), run.err().toString());
        long ended = System.nanoTime();
        String[] lines = run.out().toString().split("\n");
        assertEquals(7, lines.length, run.out().toString());
        for (int i = 0; i < 6; i++) {
            Map<?, ?> record = (Map<?, ?>) JsonMaps.parse(lines[i]);
            assertEquals("result", record.get("record"));
            assertEquals("fake.c" + i, record.get("name"));
            assertEquals(0L, ((Number) record.get("device")).longValue());
        }
        Map<?, ?> summary = (Map<?, ?>) JsonMaps.parse(lines[6]);
        assertEquals("summary", summary.get("record"));
        assertEquals(true, summary.get("complete"));
        assertFalse(summary.containsKey("results"));
        // Each line came as its configuration ended: the first well before the last (5 x 500 ms apart).
        long spread = run.out().lineNanos.get(5) - run.out().lineNanos.get(0);
        assertTrue(spread > TimeUnit.MILLISECONDS.toNanos(1500), "lines spread over " + spread / 1_000_000 + " ms");
        assertTrue(ended - run.out().lineNanos.get(0) > TimeUnit.MILLISECONDS.toNanos(1500));
    }

    @Test
    void jsonLinesToAFileAreWrittenWhenTheRunEnds() throws Exception {
        Run run = start("--configurations", "3", "--step-ms", "50", "--jsonl", "--output", "run.jsonl");
        assertEquals(0, run.exit(), run.err().toString());
        assertEquals("", run.out().toString());
        List<String> lines = Files.readAllLines(dir.resolve("run.jsonl"));
        assertEquals(4, lines.size());
        assertEquals(List.of("result", "result", "result", "summary"),
                lines.stream().map(l -> ((Map<?, ?>) JsonMaps.parse(l)).get("record")).toList());
    }

    @Test
    void sigintKeepsWhatWasMeasuredInOutputAndJunit() throws Exception {
        Run run = start("--configurations", "40", "--step-ms", "200", "--progress", "--json",
                "--output", "run.json", "--junit", "run.xml", "--expect", "fake.c39 >= 1GB/s",
                "--expect", "fake.c0 >= 1GB/s");
        run.err().await(text -> text.contains("[4/40]"));
        run.signal("INT");
        assertEquals(130, run.exit(), run.err().toString());
        int measured = stoppedAfter(run.err().toString(), 40);
        assertTrue(measured >= 3 && measured < 40, run.err().toString());
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(Files.readString(dir.resolve("run.json")));
        assertEquals(false, doc.get("complete"));
        Map<?, ?> stopped = (Map<?, ?>) doc.get("stopped");
        assertEquals("SIGINT", stopped.get("reason"));
        assertEquals((long) measured, ((Number) stopped.get("measured")).longValue());
        assertEquals((long) measured, ((List<?>) doc.get("results")).size());
        String junit = Files.readString(dir.resolve("run.xml"));
        // The unmeasured configurations and the expectation on one of them are skipped; nothing failed.
        assertEquals(40 - measured + 1, count(junit, "<skipped"), junit);
        assertEquals(0, count(junit, "<failure"), junit);
        assertTrue(run.out().toString().contains("NOT EVALUATED fake.c39 >= 1GB/s"), run.out().toString());
        assertTrue(run.out().toString().contains("PASS fake.c0 >= 1GB/s"), run.out().toString());
        assertNoTemporaryFile();
    }

    @Test
    void sigtermKeepsTheRowsOnStdout() throws Exception {
        Run run = start("--configurations", "40", "--step-ms", "200", "--csv", "--junit", "run.xml");
        run.out().await(text -> text.lines().count() >= 4);
        run.signal("TERM");
        assertEquals(143, run.exit(), run.err().toString());
        int measured = stoppedAfter(run.err().toString(), 40);
        assertTrue(run.err().toString().contains("terminated (SIGTERM) after " + measured), run.err().toString());
        List<String> rows = run.out().toString().lines().toList();
        assertEquals(measured + 1, rows.size(), run.out().toString());
        assertEquals("fake.c" + (measured - 1) + "," + (50.0 + measured - 1), rows.getLast());
        assertEquals(40 - measured, count(Files.readString(dir.resolve("run.xml")), "<skipped"));
        assertNoTemporaryFile();
    }

    @Test
    void theTimeLimitKeepsTheTableAndExits4() throws Exception {
        Run run = start("--timeout", "2s", "--configurations", "40", "--step-ms", "200", "--output", "run.txt");
        assertEquals(4, run.exit(), run.err().toString());
        String text = Files.readString(dir.resolve("run.txt"));
        int measured = stoppedAfter(text, 40);
        assertTrue(measured > 0 && measured < 40, text);
        assertTrue(text.contains("fake.c" + (measured - 1) + " "), text);
        assertTrue(text.endsWith("INCOMPLETE: stopped by the time limit after " + measured + " of 40 configurations\n"),
                text);
        assertNoTemporaryFile();
    }

    /** A step that never reaches a safe point (a hung CUDA call): the first Ctrl-C waits, the second ends it. */
    @Test
    void aSecondSigintEndsAtOnce() throws Exception {
        Run run = start("--configurations", "10", "--step-ms", "100", "--stuck-at", "2", "--progress",
                "--output", "run.txt");
        run.err().await(text -> text.contains("[3/10]"));
        Thread.sleep(300);
        run.signal("INT");
        assertFalse(run.process().waitFor(1, TimeUnit.SECONDS), "the first SIGINT waits for a safe point");
        long sent = System.nanoTime();
        run.signal("INT");
        assertTrue(run.process().waitFor(10, TimeUnit.SECONDS), "the second SIGINT ends the run");
        assertTrue(System.nanoTime() - sent < TimeUnit.SECONDS.toNanos(10));
        assertEquals(130, run.exit(), run.err().toString());
        assertTrue(run.err().toString().contains("SIGINT again: ending at once"), run.err().toString());
        assertFalse(Files.exists(dir.resolve("run.txt")));
        assertNoTemporaryFile();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
