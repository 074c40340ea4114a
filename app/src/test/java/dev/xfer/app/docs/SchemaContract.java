package dev.xfer.app.docs;

import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The published JSON Schema held against documents the tests produce, not only the golden files:
 * the in-process runs' JSON output ({@code XferRun}) and the fixture documents fleet and compare read.
 */
public final class SchemaContract {
    private static final SchemaValidator VALIDATOR = validator();

    private SchemaContract() {
    }

    @SuppressWarnings("unchecked")
    private static SchemaValidator validator() {
        // From the test classpath (app/pom.xml copies docs/schema there), so the GPU bundle, which has no
        // checkout, validates too.
        String name = "/schema/xfer-" + MeasuringMixin.SCHEMA_VERSION + ".schema.json";
        try (var in = SchemaContract.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no " + name + " on the test classpath");
            }
            return new SchemaValidator((Map<String, Object>) JsonMaps.parse(
                    new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Fails when {@code document} is an xfer document (it has a {@code schemaVersion}) the schema refuses. */
    public static void requireValid(Object document, String what) {
        if (!(document instanceof Map<?, ?> map) || !map.containsKey("schemaVersion")) {
            return;
        }
        List<String> problems = VALIDATOR.validate(JsonMaps.parse(Json.write(document)));
        assertTrue(problems.isEmpty(), what + ": the schema refuses it:\n" + String.join("\n", problems));
    }

    /** {@link #requireValid(Object, String)} for text that may be one JSON document. */
    public static void requireValidText(String text, String what) {
        String trimmed = text.strip();
        if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) {
            return;
        }
        Object document;
        try {
            document = JsonMaps.parse(trimmed);
        } catch (IllegalArgumentException notOneDocument) {
            return; // JSON Lines, or text that only looks like JSON
        }
        requireValid(document, what);
    }
}
