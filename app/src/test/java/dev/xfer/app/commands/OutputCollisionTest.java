package dev.xfer.app.commands;

import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An output that would destroy an input document, or another output, is exit 2 before anything is
 * read or measured, and the input is left byte for byte as it was.
 */
class OutputCollisionTest {
    @TempDir
    Path dir;

    private Path node01;
    private Path node02;
    private byte[] before;

    @BeforeEach
    void documents() throws IOException {
        Files.createDirectory(dir.resolve("nodes"));
        node01 = copy("/golden/bandwidth.json", dir.resolve("nodes/node01.json"));
        node02 = copy("/h200/bandwidth.json", dir.resolve("nodes/node02.json"));
        before = Files.readAllBytes(node01);
    }

    private static Path copy(String resource, Path to) throws IOException {
        try (InputStream in = Objects.requireNonNull(OutputCollisionTest.class.getResourceAsStream(resource), resource)) {
            Files.copy(in, to);
        }
        return to;
    }

    private void assertRefused(String why, String... args) throws IOException {
        XferRun run = XferRun.of(args);
        run.assertOneLine(2, "xfer: ");
        assertTrue(run.err().contains(why), run.err());
        assertArrayEquals(before, Files.readAllBytes(node01), "the input is unchanged");
    }

    @Test
    void plotOntoItsInputIsAUsageError() throws IOException {
        assertRefused("--output " + node01 + " is also an input document", "plot", node01.toString(), "-o", node01.toString());
        assertRefused("is also an input document", "plot", node01.toString(), "--output", dir.resolve("nodes/../nodes/node01.json").toString());
        Path link = Files.createSymbolicLink(dir.resolve("alias.json"), node01);
        assertRefused("--output " + link + " is also an input document", "plot", node02.toString(), node01.toString(),
                "--output", link.toString());
    }

    @Test
    void fleetJunitOntoAnInputOrAFileInAnInputFolderIsAUsageError() throws IOException {
        assertRefused("--junit " + node01 + " is also an input document", "fleet", "--junit", node01.toString(),
                node01.toString(), node02.toString());
        assertRefused("is also an input document", "fleet", "--junit", node01.toString(), dir.resolve("nodes").toString());
    }

    @Test
    void theTypoThatTookTheFirstDocumentAsTheJunitFileIsAUsageError() throws IOException {
        // fleet --junit node01.json node02.json: node01.json is no input, but it is an xfer document.
        assertRefused("--junit " + node01 + " is an xfer document", "fleet", "--junit", node01.toString(), node02.toString());
        assertRefused("--output " + node01 + " is an xfer document", "plot", node02.toString(), "-o", node01.toString());
    }

    @Test
    void twoOutputsToOneFileAreAUsageErrorBeforeCuda() {
        Path same = dir.resolve("r.json");
        XferRun files = XferRun.of("bandwidth", "--json", "--output", same.toString(), "--junit", same.toString());
        files.assertOneLine(2, "xfer: --output " + same + " and --junit " + same + " name the same file");
        XferRun stdout = XferRun.of("overlap", "--junit", "-", "--output", "/dev/stdout");
        stdout.assertOneLine(2, "xfer: --output /dev/stdout and --junit - name the same standard output");
        XferRun smoke = XferRun.of("smoke", "--output", same.toString(), "--openmetrics", dir.resolve("./r.json").toString());
        smoke.assertOneLine(2, "xfer: --output " + same + " and --openmetrics ");
        XferRun html = XferRun.of("check", "--html", same.toString(), "--openmetrics", same.toString());
        html.assertOneLine(2, "xfer: --openmetrics " + same + " and --html " + same + " name the same file");
    }

    @Test
    void severalOutputsMayGoToDevNull() {
        XferRun run = XferRun.of("bandwidth", "--junit", "/dev/null", "--openmetrics", "/dev/null");
        assertNotEquals(2, run.exitCode(), run.err());
        assertEquals("character device", typeOfDevNull());
    }

    private static String typeOfDevNull() {
        try {
            return dev.xfer.app.format.OutputFileNodes.type(Path.of("/dev/null"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
