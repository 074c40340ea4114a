package dev.xfer.app.format;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON for reports: writes plain Java values as pretty-printed JSON (through Jackson's streaming
 * generator, {@link JsonWriter}) and reads JSON back into the same kinds of values.
 *
 * <p>Value model, the same both ways:
 * <ul>
 *   <li>object: {@link Map} with {@link String} keys. Written in the map's order when it is a
 *       {@link java.util.SequencedMap} (use {@link LinkedHashMap} or {@link #object}), else in
 *       key order, so output is always deterministic. Read as an unmodifiable map in document
 *       order.</li>
 *   <li>array: {@link java.util.List}; {@code double[]}, {@code long[]} and {@code int[]} are
 *       also written. Read as an unmodifiable list.</li>
 *   <li>string: {@link String}. Quotes, backslashes and control characters are escaped, as are
 *       lone surrogates (so the text survives UTF-8); everything else is kept as is.</li>
 *   <li>integer: {@link Long} (also {@link Integer}, {@link Short}, {@link Byte} when written).
 *       Read as Long when it fits, else as Double.</li>
 *   <li>floating point: {@link Double} (also {@link Float} when written), in the shortest form
 *       that reads back to the same double, always with a {@code .} or exponent so it reads back
 *       as a Double. NaN and infinities are written as {@code null}, since JSON has no form for
 *       them.</li>
 *   <li>{@link Boolean} and {@code null}.</li>
 * </ul>
 *
 * <p>Typed documents, written only (read them back with {@link RecordBinder}):
 * <ul>
 *   <li>record: an object, its components in declaration order, each under its own name, byte for
 *       byte as the {@link LinkedHashMap} of the same keys and values. An empty {@code Optional},
 *       {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble} leaves its key out, or
 *       writes {@code null} where the component is {@code @JsonInclude(ALWAYS)}; any other null component
 *       is refused. A record of a {@code @JsonTypeInfo} sealed interface starts with the
 *       type property and its {@code @JsonTypeName}.</li>
 *   <li>enum: its {@link Labelled#label()}; an enum without a label is refused.</li>
 *   <li>{@link OrUnknown}: its value, or the text {@code "unknown: <why>"}; {@link OrUnavailable}
 *       likewise with {@code "unavailable: <why>"}.</li>
 * </ul>
 */
public final class Json {
    private Json() {
    }

    /**
     * Writes {@code value} as JSON indented by two spaces, ending with a newline.
     *
     * @throws IllegalArgumentException when a value, or a map key, is of a type outside the
     *         value model, or the nesting is deeper than 512 levels (as a cycle would be)
     */
    public static String write(Object value) {
        return new JsonWriter().write(value);
    }

    /** {@code value} on one line, no line break at the end: a JSON Lines record. */
    public static String writeLine(Object value) {
        return new JsonWriter(true).write(value);
    }

    /**
     * Writes {@code value} to {@code out} as {@link #write(Object)} does, without building the
     * text first: one document of many on one stream. {@code out} is left open and not flushed;
     * when a value outside the model is met, what came before it has been written.
     *
     * @throws IllegalArgumentException as {@link #write(Object)}
     * @throws IOException when {@code out} fails
     */
    public static void write(Object value, Writer out) throws IOException {
        new JsonWriter().write(value, out);
    }

    /** {@code value} to {@code out} on one line, no line break at the end, as {@link #write(Object, Writer)}. */
    public static void writeLine(Object value, Writer out) throws IOException {
        new JsonWriter(true).write(value, out);
    }

    /**
     * Reads one JSON value (RFC 8259) from {@code text}; white space around it is allowed.
     *
     * @return a Map, List, String, Long, Double, Boolean, or {@code null}
     * @throws IllegalArgumentException naming the line and column, when the text is not valid
     *         JSON, an object repeats a key, a number is too large for a double, or the nesting
     *         is deeper than 512 levels
     */
    public static Object parse(String text) {
        return new JsonReader().read(text);
    }

    /**
     * Returns a mutable ordered map from alternating keys and values, for building objects
     * inline: {@code Json.object("name", "h2d", "bytes", 4096L)}.
     *
     * @throws IllegalArgumentException when the count is odd, a key is not a String, or a key
     *         repeats
     */
    public static Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must come in pairs, got "
                    + keysAndValues.length + " arguments");
        }
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (!(keysAndValues[i] instanceof String key)) {
                throw new IllegalArgumentException("argument " + i + " must be a String key, got "
                        + keysAndValues[i]);
            }
            if (object.containsKey(key)) {
                throw new IllegalArgumentException("key \"" + key + "\" repeats");
            }
            object.put(key, keysAndValues[i + 1]);
        }
        return object;
    }
}
