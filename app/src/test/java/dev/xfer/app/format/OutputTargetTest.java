package dev.xfer.app.format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where each kind of path is written, and that nothing but a regular file is ever replaced. */
class OutputTargetTest {
    @TempDir
    Path dir;

    private final StringWriter stdout = new StringWriter();

    private void write(OutputTarget target, String content) throws IOException {
        target.write(content, new PrintWriter(stdout, true));
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNewPathAndARegularFileAreReplacedAtomically() throws IOException {
        Path file = dir.resolve("r.json");
        OutputTarget fresh = OutputTarget.resolve("--output", file);
        assertEquals(OutputTarget.Kind.REPLACE, fresh.kind());
        write(fresh, "one\n");
        OutputTarget existing = OutputTarget.resolve("--output", file);
        assertEquals(OutputTarget.Kind.REPLACE, existing.kind());
        write(existing, "two\n");
        assertEquals("two\n", Files.readString(file));
        assertEquals(List.of("r.json"), names(), "no temporary file left");
        assertEquals("", stdout.toString());
    }

    @Test
    void dashIsStandardOutput() throws IOException {
        OutputTarget target = OutputTarget.resolve("--junit", Path.of("-"));
        assertTrue(target.isStdout());
        write(target, "<xml/>\n");
        assertEquals("<xml/>\n", stdout.toString());
        assertFalse(Files.exists(Path.of("-")), "no file named -");
    }

    @Test
    void aLinkStaysALinkAndItsTargetIsReplacedInItsOwnFolder() throws IOException {
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path target = Files.writeString(elsewhere.resolve("real.xml"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.xml"), Path.of("elsewhere/real.xml"));
        write(OutputTarget.resolve("--junit", link), "new");
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(Path.of("elsewhere/real.xml"), Files.readSymbolicLink(link));
        assertEquals("new", Files.readString(target));
        assertEquals(List.of("elsewhere", "link.xml"), names(), "no temporary file beside the link");
        try (Stream<Path> files = Files.list(elsewhere)) {
            assertEquals(List.of(target), files.toList());
        }
    }

    @Test
    void aDanglingLinkGetsItsFileCreatedWhereItPoints() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.xml"), Path.of("made.xml"));
        write(OutputTarget.resolve("--junit", link), "made");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("made", Files.readString(dir.resolve("made.xml")));
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        OutputTarget target = OutputTarget.resolve("--openmetrics", fifo);
        assertEquals(OutputTarget.Kind.WRITE_THROUGH, target.kind());
        write(target, "through the pipe\n");
        assertEquals("through the pipe\n", read.get(30, TimeUnit.SECONDS));
        assertEquals("fifo", OutputFileNodes.type(fifo));
        assertEquals(List.of("fifo"), names());
    }

    @Test
    void aCharacterDeviceIsWrittenThroughAndStaysADevice() throws Exception {
        Path device = OutputFileNodes.devNull(dir.resolve("null"));
        if (device == null) {
            return; // not root, outside CI: OutputFileNodes said why
        }
        OutputTarget target = OutputTarget.resolve("-o", device);
        assertEquals(OutputTarget.Kind.WRITE_THROUGH, target.kind());
        assertTrue(target.isCharacterDevice());
        write(target, "into the void\n");
        assertEquals("character device", OutputFileNodes.type(device));
        assertEquals(List.of("null"), names());
        assertTrue(target.sameAs(OutputTarget.resolve("--junit", device)));
    }

    @Test
    void theRealDevNullIsWrittenThroughNeverReplaced() throws IOException {
        Path devNull = Path.of("/dev/null");
        write(OutputTarget.resolve("--junit", devNull), "x".repeat(100_000));
        assertEquals("character device", OutputFileNodes.type(devNull));
    }

    @Test
    void aLinkToTheProcessStdoutIsStandardOutput() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("out"), Path.of("/proc/self/fd/1"));
        // Resolved only: this JVM's fd 1 belongs to the test runner (the process tests write it).
        assertTrue(OutputTarget.resolve("--junit", link).isStdout());
        assertTrue(OutputTarget.resolve("--junit", Path.of("/dev/stdout")).isStdout());
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aFolderOrAMissingFolderIsRefusedNamingTheOption() {
        IllegalArgumentException folder = assertThrows(IllegalArgumentException.class,
                () -> OutputTarget.resolve("--output", dir));
        assertEquals("--output " + dir + " is a folder; name a file in it", folder.getMessage());
        Path missing = dir.resolve("no/such/r.html");
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class,
                () -> OutputTarget.resolve("--html", missing));
        assertTrue(gone.getMessage().startsWith("--html " + missing + ": the folder "), gone.getMessage());
    }

    @Test
    void anEmptyPathIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputTarget.resolve("-o", Path.of("")));
        assertEquals("-o '': an empty path names no file", e.getMessage());
    }

    @Test
    void aLinkLoopIsRefused() throws IOException {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, Path.of("b"));
        Files.createSymbolicLink(dir.resolve("b"), Path.of("a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputTarget.resolve("-o", a));
        assertTrue(e.getMessage().contains("symbolic links"), e.getMessage());
    }

    @Test
    void aFailedWriteNamesThePathGivenAndWhyNotTheTemporaryFile() throws IOException {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path file = locked.resolve("x.html");
        OutputTarget target = OutputTarget.resolve("-o", file);
        assertTrue(locked.toFile().setWritable(false));
        try {
            if (Files.isWritable(locked)) {
                return; // root writes anywhere; /proc below is the case that fails for root too
            }
            IOException e = assertThrows(IOException.class, () -> write(target, "page"));
            assertEquals("cannot write -o " + file + ": permission denied (in " + locked + ")", e.getMessage());
        } finally {
            locked.toFile().setWritable(true);
        }
    }

    @Test
    void procRefusesANewFileWithAReason() {
        Path file = Path.of("/proc/x.html");
        IOException e = assertThrows(IOException.class, () -> write(OutputTarget.resolve("-o", file), "page"));
        assertTrue(e.getMessage().startsWith("cannot write -o /proc/x.html: "), e.getMessage());
        assertFalse(e.getMessage().contains(".tmp"), "no temporary file named: " + e.getMessage());
        assertFalse(e.getMessage().endsWith(": "), "a reason is given: " + e.getMessage());
    }

    @Test
    void anOutputKnowsTheInputItWouldDestroy() throws IOException {
        Path input = Files.writeString(dir.resolve("a.json"), "{}");
        Path link = Files.createSymbolicLink(dir.resolve("alias.json"), input);
        assertTrue(OutputTarget.resolve("-o", input).writes(input));
        assertTrue(OutputTarget.resolve("-o", link).writes(input), "through a link too");
        assertTrue(OutputTarget.resolve("-o", dir.resolve("./a.json")).writes(input));
        assertFalse(OutputTarget.resolve("-o", dir.resolve("b.json")).writes(input));
        assertTrue(OutputTarget.resolve("-o", dir.resolve("b.json")).sameAs(OutputTarget.resolve("--junit", dir.resolve("./b.json"))));
        assertFalse(OutputTarget.resolve("-o", Path.of("-")).writes(input));
        assertTrue(Files.isRegularFile(input, LinkOption.NOFOLLOW_LINKS));
    }
}
