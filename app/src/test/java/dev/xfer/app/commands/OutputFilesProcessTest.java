package dev.xfer.app.commands;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.format.OutputFileNodes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * xfer's outputs in a real process (xfer's own main on the test classpath, no GPU): every output
 * option of plot and fleet written to a character device, a FIFO, a link to a file, a link to
 * /proc/self/fd/1 and {@code -}; stdout on /dev/full (exit 70, one line) and a pipe closed early
 * (exit 141, at once, files kept).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OutputFilesProcessTest {
    @TempDir
    Path dir;

    private Path bandwidth;
    private Path overlap;

    /** What a finished xfer process said. */
    record Ended(int exit, String out, String err) {
    }

    @BeforeEach
    void fixtures() throws IOException {
        bandwidth = copy("/h200/bandwidth.json", dir.resolve("bandwidth.json"));
        overlap = copy("/h200/overlap-4.json", dir.resolve("overlap.json"));
    }

    private static Path copy(String resource, Path to) throws IOException {
        try (InputStream in = Objects.requireNonNull(OutputFilesProcessTest.class.getResourceAsStream(resource), resource)) {
            Files.copy(in, to);
        }
        return to;
    }

    static List<String> xfer(String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    private Ended run(ProcessBuilder.Redirect stdout, String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(xfer("dev.xfer.app.Main", args)).directory(dir.toFile())
                .redirectOutput(stdout).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "xfer ended");
        return new Ended(p.exitValue(), out.join(), err.join());
    }

    private Ended run(String... args) throws IOException, InterruptedException {
        return run(ProcessBuilder.Redirect.PIPE, args);
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** One output option of one command: what to run with the output at PATH, and what its content holds. */
    record OutputOption(String name, Predicate<String> content, List<String> argsBefore, List<String> argsAfter) {
        String[] args(Path target) {
            List<String> all = new ArrayList<>(argsBefore);
            all.add(target.toString());
            all.addAll(argsAfter);
            return all.toArray(String[]::new);
        }
    }

    private List<OutputOption> outputOptions() {
        return List.of(
                new OutputOption("plot -o", s -> s.contains("<html") && s.contains("<svg"),
                        List.of("plot", bandwidth.toString(), overlap.toString(), "-o"), List.of()),
                new OutputOption("plot --output", s -> s.contains("<html") && s.contains("<svg"),
                        List.of("plot", bandwidth.toString(), "--output"), List.of()),
                new OutputOption("fleet --junit", s -> s.contains("<testsuite"),
                        List.of("fleet", "--junit"), List.of(bandwidth.toString())));
    }

    @Test
    void everyOutputOptionWritesThroughACharacterDeviceAndKeepsIt() throws Exception {
        Path device = OutputFileNodes.devNull(dir.resolve("null"));
        if (device == null) {
            return;
        }
        for (OutputOption option : outputOptions()) {
            Ended ended = run(option.args(device));
            assertTrue(ended.exit() <= 1, option.name() + ": " + ended.err());
            assertEquals("character device", OutputFileNodes.type(device), option.name());
            assertFalse(option.content().test(ended.out()), option.name() + ": nothing on stdout");
        }
    }

    @Test
    void everyOutputOptionWritesThroughAFifoToItsReader() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        for (OutputOption option : outputOptions()) {
            CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = Files.newInputStream(fifo)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Ended ended = run(option.args(fifo));
            assertTrue(ended.exit() <= 1, option.name() + ": " + ended.err());
            assertTrue(option.content().test(reader.get(60, TimeUnit.SECONDS)), option.name() + ": the reader got it");
            assertEquals("fifo", OutputFileNodes.type(fifo), option.name());
        }
    }

    @Test
    void everyOutputOptionFollowsALinkToAFileAndKeepsTheLink() throws Exception {
        Path real = Files.createDirectory(dir.resolve("real"));
        for (OutputOption option : outputOptions()) {
            Path target = Files.writeString(real.resolve("out"), "before");
            Path link = dir.resolve("link");
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, target);
            Ended ended = run(option.args(link));
            assertTrue(ended.exit() <= 1, option.name() + ": " + ended.err());
            assertEquals("symbolic link", OutputFileNodes.type(link), option.name());
            assertEquals(target, Files.readSymbolicLink(link));
            assertTrue(option.content().test(Files.readString(target)), option.name() + ": the target holds it");
            try (var files = Files.list(real)) {
                assertEquals(List.of(target), files.toList(), option.name() + ": no temporary file left");
            }
        }
    }

    @Test
    void everyOutputOptionWritesStdoutThroughALinkToProcSelfFd1AndThroughDash() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("stdout"), Path.of("/proc/self/fd/1"));
        for (OutputOption option : outputOptions()) {
            for (Path target : List.of(link, Path.of("-"), Path.of("/dev/stdout"))) {
                Ended ended = run(option.args(target));
                if (option.name().startsWith("fleet")) {
                    // fleet's report is on stdout already: a second output there is refused, however named.
                    assertEquals(2, ended.exit(), option.name() + " " + target + ": " + ended.err());
                    assertTrue(ended.err().contains("writes standard output"), ended.err());
                    continue;
                }
                assertTrue(ended.exit() <= 1, option.name() + " " + target + ": " + ended.err());
                assertTrue(option.content().test(ended.out()), option.name() + " " + target + ": on stdout: " + ended.out());
                assertEquals("symbolic link", OutputFileNodes.type(link));
                assertFalse(Files.exists(dir.resolve("-")), "no file named -");
            }
        }
        assertEquals("character device", OutputFileNodes.type(Path.of("/dev/null")));
    }

    @Test
    void stderrThatIsALogFileIsAppendedToNeverReplaced() throws Exception {
        Path log = Files.writeString(dir.resolve("log.txt"), "before\n");
        Object inode = Files.getAttribute(log, "unix:ino");
        Process p = new ProcessBuilder(xfer("dev.xfer.app.Main", "plot", bandwidth.toString(), "-o", "/dev/stderr"))
                .directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = drain(p.getInputStream());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(log));
        assertEquals("/dev/stderr: 1 document\n", out.join());
        assertEquals(inode, Files.getAttribute(log, "unix:ino"), "the same file, not a new one renamed over it");
        String text = Files.readString(log);
        assertTrue(text.startsWith("before\n<!DOCTYPE html>"), text.substring(0, Math.min(200, text.length())));
    }

    @Test
    void stdoutOnDevFullIsOneLineAndExit70() throws Exception {
        ProcessBuilder.Redirect full = ProcessBuilder.Redirect.to(new File("/dev/full"));
        for (String[] args : List.of(new String[] {"compare", bandwidth.toString(), bandwidth.toString()},
                new String[] {"fleet", bandwidth.toString()},
                new String[] {"plot", bandwidth.toString(), "-o", "-"})) {
            Ended ended = run(full, args);
            assertEquals(70, ended.exit(), args[0] + ": " + ended.err());
            assertEquals("xfer: cannot write standard output: No space left on device\n", ended.err(), args[0]);
        }
    }

    /** Documents of {@code hosts} nodes, so fleet --csv prints far more than a pipe holds. */
    private Path manyNodes(int hosts) throws IOException {
        Path nodes = Files.createDirectory(dir.resolve("nodes"));
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(Files.readString(bandwidth));
        for (int i = 0; i < hosts; i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) doc);
            @SuppressWarnings("unchecked")
            Map<String, Object> context = new LinkedHashMap<>((Map<String, Object>) doc.get("context"));
            @SuppressWarnings("unchecked")
            Map<String, Object> device = new LinkedHashMap<>((Map<String, Object>) context.get("device"));
            context.put("host", String.format("node%03d", i));
            device.put("uuid", String.format("GPU-00000000-0000-4000-8000-%012d", i));
            context.put("device", device);
            copy.put("context", context);
            Files.writeString(nodes.resolve(String.format("node%03d.json", i)), Json.write(copy));
        }
        return nodes;
    }

    /** Reads a line, closes the pipe, and times how long the process takes to end after that. */
    private static long closeAfterFirstLine(Process p) throws IOException, InterruptedException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertTrue(out.readLine() != null, "a first line");
        long closed = System.nanoTime();
        p.getInputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "xfer ended after its stdout closed");
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closed);
    }

    @Test
    void fleetEndsAtOnceWith141WhenItsReaderGoes() throws Exception {
        Path nodes = manyNodes(40);
        Process p = new ProcessBuilder(xfer("dev.xfer.app.Main", "fleet", "--csv", nodes.toString()))
                .directory(dir.toFile()).start();
        p.getOutputStream().close();
        CompletableFuture<String> err = drain(p.getErrorStream());
        long millis = closeAfterFirstLine(p);
        assertEquals(141, p.exitValue(), err.join());
        assertEquals("", err.join(), "quietly");
        assertTrue(millis < 1000, "ended " + millis + " ms after the pipe closed");
    }

    @Test
    void aMeasuringRunStopsAtTheNextSafePointKeepsItsFilesAndExits141() throws Exception {
        Path junit = dir.resolve("run.xml");
        Process p = new ProcessBuilder(xfer(SlowFakeCommand.class.getName(), "slowfake", "--configurations", "200",
                "--step-ms", "100", "--csv", "--junit", junit.toString(), "--expect", "fake.c199 >= 1GB/s"))
                .directory(dir.toFile()).start();
        p.getOutputStream().close();
        CompletableFuture<String> err = drain(p.getErrorStream());
        long millis = closeAfterFirstLine(p);
        assertEquals(141, p.exitValue(), err.join());
        assertTrue(millis < 1000, "ended " + millis + " ms after the pipe closed, not after 200 configurations");
        String xml = Files.readString(junit);
        assertTrue(xml.contains("not measured: standard output closed after "), xml);
        assertFalse(err.join().contains("xfer: standard output closed"), "quietly: " + err.join());
    }
}
