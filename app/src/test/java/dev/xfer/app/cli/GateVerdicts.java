package dev.xfer.app.cli;

import dev.xfer.app.format.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the gates, {@code xfer fleet} and {@code xfer compare}, make of one document a command wrote. */
public final class GateVerdicts {
    private GateVerdicts() {
    }

    /**
     * Neither gate passes {@code document}: fleet calls its node FAIL and names {@code reason}, and
     * compare of the document against itself exits 1 even though nothing changed. Both exit 1.
     */
    public static void assertFailedWith(Object document, String reason, Path dir) {
        Path file = dir.resolve("run.json");
        try {
            Files.writeString(file, Json.write(document));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        XferRun fleet = XferRun.of("fleet", file.toString());
        assertEquals(1, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.out().contains(": FAIL"), fleet.out());
        assertTrue(fleet.out().contains(reason), "fleet names why: " + fleet.out());
        assertTrue(fleet.out().contains(": not measured: "), "fleet names the configuration not measured: " + fleet.out());
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", file.toString(), file.toString());
        assertEquals(1, compare.exitCode(), compare.out() + compare.err());
        assertTrue(compare.out().contains("FAIL"), compare.out());
    }
}
