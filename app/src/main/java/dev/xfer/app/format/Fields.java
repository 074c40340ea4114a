package dev.xfer.app.format;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * The keys of a JSON object as a {@link RecordBinder} choice sees them: enough to tell which record
 * an object of an open interface is ({@code "command": "overlap"}, {@code devices} present),
 * without handing out the parser's tree.
 */
public final class Fields {
    private final JsonNode node;

    Fields(JsonNode node) {
        this.node = node;
    }

    /** Whether the object has {@code key}, whatever its value (null included). */
    public boolean has(String key) {
        return node.has(key);
    }

    /** Whether the object has no keys at all ({@code "parameters": {}}). */
    public boolean isEmpty() {
        return node.isEmpty();
    }

    /** The object under {@code key}; empty when absent or not an object. */
    public Optional<Fields> object(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isObject() ? Optional.of(new Fields(value)) : Optional.empty();
    }

    /** The text under {@code key}; empty when absent or not text. */
    public Optional<String> text(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
    }
}
