package dev.xfer.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The golden files under {@code src/test/resources/golden}: a test compares its output with one,
 * and {@code -Dxfer.updateGolden=true} rewrites them from the outputs instead (then review the diff).
 */
public final class GoldenFile {
    private static final Path SOURCE_DIR = Path.of("src/test/resources/golden");

    private GoldenFile() {
    }

    /** {@code actual} is golden/{@code name}; {@code onChange} tells a reader what a difference means. */
    public static void assertMatches(String name, String actual, String onChange) throws IOException {
        if (Boolean.getBoolean("xfer.updateGolden")) {
            assertTrue(Files.isDirectory(SOURCE_DIR), "run from the app module: " + SOURCE_DIR.toAbsolutePath());
            Files.writeString(SOURCE_DIR.resolve(name), actual, StandardCharsets.UTF_8);
            return;
        }
        try (InputStream in = GoldenFile.class.getResourceAsStream("/golden/" + name)) {
            if (in == null) {
                fail("no golden/" + name + "; create it with -Dxfer.updateGolden=true");
                return;
            }
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual, onChange);
        }
    }

    /** A document's golden file: a difference is a change of the schema. */
    public static void assertDocument(String name, String actual) throws IOException {
        assertMatches(name, actual, "the " + name + " document changed: if on purpose, bump "
                + "MeasuringMixin.SCHEMA_VERSION and rewrite the golden files (-Dxfer.updateGolden=true)");
    }
}
