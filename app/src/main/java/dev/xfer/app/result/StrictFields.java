package dev.xfer.app.result;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Typed access to one document's fields, each failure one {@link DocumentException} naming the
 * file, the field's path and, in plain words, what was expected and what was found
 * ({@code results[0].verified: expected true or false, got null}).
 *
 * <p>A field that is absent reads as empty; a field that is present must have its type, and
 * {@code null} is only accepted where the method says so (xfer writes null for "not applicable"
 * in a few named places, never for a flag or a count a gate decides on).
 */
final class StrictFields {
    private final Path file;

    StrictFields(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    DocumentException wrong(String path, String expected, JsonNode got) {
        return DocumentException.field(file, path, expected, kind(got));
    }

    /** {@code parent.key} as true or false; empty when absent. */
    Optional<Boolean> bool(JsonNode parent, String key, String path) {
        JsonNode node = parent.get(key);
        if (node == null) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            throw wrong(path, "true or false", node);
        }
        return Optional.of(node.booleanValue());
    }

    /** {@code parent.key} as true or false; an absent field is an error too. */
    boolean requiredBool(JsonNode parent, String key, String path) {
        return bool(parent, key, path).orElseThrow(() -> wrong(path, "true or false", parent.path(key)));
    }

    /** {@code parent.key} as text; empty when absent or, where {@code nullable}, null. */
    Optional<String> text(JsonNode parent, String key, String path, boolean nullable) {
        JsonNode node = parent.get(key);
        if (node == null || nullable && node.isNull()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            throw wrong(path, "text", node);
        }
        return Optional.of(node.textValue());
    }

    /** {@code parent.key} as a whole number of 0 or more; empty when absent or, where {@code nullable}, null. */
    OptionalLong count(JsonNode parent, String key, String path, boolean nullable) {
        JsonNode node = parent.get(key);
        if (node == null || nullable && node.isNull()) {
            return OptionalLong.empty();
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < 0) {
            throw wrong(path, "a whole number, 0 or more", node);
        }
        return OptionalLong.of(node.longValue());
    }

    /**
     * {@code parent.key} as a finite number; empty when absent or, where {@code nullable}, null.
     * A number too large for a double ({@code 1e400}) is an error, not Infinity.
     */
    Optional<Double> number(JsonNode parent, String key, String path, boolean nullable) {
        JsonNode node = parent.get(key);
        if (node == null || nullable && node.isNull()) {
            return Optional.empty();
        }
        return Optional.of(finite(node, path));
    }

    /** {@code node} as a finite number. */
    double finite(JsonNode node, String path) {
        if (node == null || !node.isNumber()) {
            throw wrong(path, "a number", node);
        }
        double value = node.doubleValue();
        if (!Double.isFinite(value)) {
            throw wrong(path, "a finite number", node);
        }
        return value;
    }

    /** {@code parent.key} as a list, or empty when absent; anything else there is an error. */
    Optional<JsonNode> list(JsonNode parent, String key, String path) {
        JsonNode node = parent.get(key);
        if (node == null) {
            return Optional.empty();
        }
        if (!node.isArray()) {
            throw wrong(path, "a list", node);
        }
        return Optional.of(node);
    }

    /** {@code node} as an object. */
    JsonNode object(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw wrong(path, "an object", node);
        }
        return node;
    }

    /** What a node is, in words, for a message: {@code null}, {@code text "boom"}, {@code the number 1e+400}. */
    static String kind(JsonNode node) {
        return dev.xfer.app.format.NodeKind.of(node);
    }
}
