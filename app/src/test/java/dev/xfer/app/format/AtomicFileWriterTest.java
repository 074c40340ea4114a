package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileWriterTest {

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.toList();
        }
    }

    @Test
    void writesUtf8Content() throws IOException {
        Path target = dir.resolve("report.json");
        AtomicFileWriter.write(target, "{\"unit\": \"µs\"}\n");
        assertEquals("{\"unit\": \"µs\"}\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of(target), files());
    }

    @Test
    void replacesAnExistingFile() throws IOException {
        Path target = dir.resolve("report.csv");
        Files.writeString(target, "old content that is longer");
        AtomicFileWriter.write(target, "new");
        assertEquals("new", Files.readString(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void writesThroughACallback() throws IOException {
        Path target = dir.resolve("out.txt");
        AtomicFileWriter.write(target, writer -> {
            writer.write("a");
            writer.write("b");
        });
        assertEquals("ab", Files.readString(target));
    }

    @Test
    void aCallbackThatFailsMidWayLeavesNoFileBehind() throws IOException {
        Path target = dir.resolve("report.xml");
        IOException failure = new IOException("disk on fire");
        IOException thrown = assertThrows(IOException.class,
                () -> AtomicFileWriter.write(target, writer -> {
                    writer.write("x".repeat(100_000)); // past the buffer, so bytes hit the file
                    throw failure;
                }));
        assertSame(failure, thrown);
        assertFalse(Files.exists(target));
        assertEquals(List.of(), files());
    }

    @Test
    void aRuntimeFailureAlsoLeavesTheOldFileUntouched() throws IOException {
        Path target = dir.resolve("report.xml");
        Files.writeString(target, "old");
        IllegalStateException failure = new IllegalStateException("bug");
        assertSame(failure, assertThrows(IllegalStateException.class,
                () -> AtomicFileWriter.write(target, writer -> {
                    writer.write("partial");
                    throw failure;
                })));
        assertEquals("old", Files.readString(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void failsWhenTheTargetIsADirectoryAndCleansUp() throws IOException {
        Path target = Files.createDirectory(dir.resolve("taken"));
        Files.writeString(target.resolve("inside"), "x");
        assertThrows(IOException.class, () -> AtomicFileWriter.write(target, "content"));
        assertEquals(List.of(target), files());
    }

    @Test
    void failsWhenTheDirectoryIsMissing() {
        assertThrows(IOException.class,
                () -> AtomicFileWriter.write(dir.resolve("no/such/dir/file"), "content"));
    }

    @Test
    void copesWithLongNames() throws IOException {
        Path target = dir.resolve("r".repeat(200));
        AtomicFileWriter.write(target, "ok");
        assertEquals("ok", Files.readString(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void newFilesAreNotOwnerOnly() throws IOException {
        Path target = dir.resolve("shared.txt");
        AtomicFileWriter.write(target, "x");
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(target);
        // Files.createTempFile would have made it 0600; the umask normally grants others read.
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(plain), permissions);
    }

    @Test
    void aReplacedFileKeepsItsModeAndGroup() throws IOException {
        Path target = Files.writeString(dir.resolve("private.json"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        Object group = Files.getAttribute(target, "posix:group");
        AtomicFileWriter.write(target, "new");
        assertEquals("new", Files.readString(target));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals(group, Files.getAttribute(target, "posix:group"));
    }

    @Test
    void aReadOnlyFileIsReplacedAndStaysReadOnly() throws IOException {
        Path target = Files.writeString(dir.resolve("frozen.json"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--r-----"));
        AtomicFileWriter.write(target, "new");
        assertEquals("new", Files.readString(target));
        assertEquals("r--r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals(List.of(target), files());
    }
}
