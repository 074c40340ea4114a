package dev.xfer.app.fleet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Documents are read with a cap: no file, device or pipe makes xfer hold more than 64 MiB of it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DocumentTextTest {
    @TempDir
    Path dir;

    @Test
    void readsADocumentWhole() throws IOException {
        Path file = Files.writeString(dir.resolve("a.json"), "{\"host\": \"gpu-1 \u00e9\"}\n");
        assertEquals("{\"host\": \"gpu-1 \u00e9\"}\n", DocumentText.read(file));
    }

    @Test
    void aFileOverTheCapIsRefusedFromItsSizeWithoutReadingIt() throws IOException {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile sparse = new RandomAccessFile(big.toFile(), "rw")) {
            sparse.setLength(200_000_000L); // 200 MB of holes: nothing to read, everything to refuse
        }
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> DocumentText.read(big));
        assertEquals(big + ": larger than the 64 MiB a document may be (xfer reads no larger one; see docs/fleets.md)",
                e.getMessage());
        Path small = Files.writeString(dir.resolve("small.json"), "{}".repeat(600));
        assertThrows(BadDocumentException.class, () -> DocumentText.read(small, 1000));
        assertEquals("{}".repeat(400), DocumentText.read(Files.writeString(dir.resolve("fits.json"), "{}".repeat(400)), 800));
    }

    @Test
    void aStreamOverTheCapIsRefusedOnceItPassesIt() throws Exception {
        Path fifo = dir.resolve("endless");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Thread writer = new Thread(() -> {
            try (var out = Files.newOutputStream(fifo)) {
                byte[] spaces = " ".repeat(4096).getBytes(StandardCharsets.US_ASCII);
                while (true) {
                    out.write(spaces);
                }
            } catch (IOException closed) {
                // the reader gave up: as it should
            }
        });
        writer.setDaemon(true);
        writer.start();
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> DocumentText.read(fifo, 1 << 20));
        assertTrue(e.getMessage().contains("larger than the 1 MiB"), e.getMessage());
        writer.join(10_000);
    }

    @Test
    void devZeroIsRefusedAtItsFirstNulByte() {
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> DocumentText.read(Path.of("/dev/zero")));
        assertEquals("/dev/zero: not JSON: it holds a NUL byte (after 0 characters)", e.getMessage());
    }

    @Test
    void devUrandomIsRefusedAsNotUtf8LongBeforeTheCap() {
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> DocumentText.read(Path.of("/dev/urandom")));
        assertTrue(e.getMessage().startsWith("/dev/urandom: not JSON: "), e.getMessage());
    }

    @Test
    void missingFoldersAndBadBytesSayWhat() throws IOException {
        assertEquals(dir.resolve("none.json") + ": no such file or directory",
                assertThrows(BadDocumentException.class, () -> DocumentText.read(dir.resolve("none.json"))).getMessage());
        assertEquals(dir + ": is a folder, not a document",
                assertThrows(BadDocumentException.class, () -> DocumentText.read(dir)).getMessage());
        Path latin1 = Files.write(dir.resolve("l.json"), new byte[] {'{', (byte) 0xe9, '}'});
        assertEquals(latin1 + ": not JSON: not UTF-8 text",
                assertThrows(BadDocumentException.class, () -> DocumentText.read(latin1)).getMessage());
    }
}
