package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SequencedMap;
import java.util.TreeMap;

/**
 * Writes the value model described in {@link Json} as JSON text through Jackson's streaming
 * generator: indented by two spaces, or on one line for JSON Lines. The layout ({@link Layout}),
 * the number forms and the escapes ({@link Escapes}) are the ones xfer's documents have always
 * had, byte for byte, so golden documents and readers of older output see no change.
 */
final class JsonWriter {

    static final int MAX_DEPTH = 512;

    // Thread-safe and configured once; each write gets its own generator. The target is the
    // caller's: never closed, never flushed here; a value that fails midway writes nothing more.
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
            .build();

    private static final Escapes KEEP_SURROGATES = new Escapes(false);
    private static final Escapes ESCAPE_SURROGATES = new Escapes(true);

    private final boolean oneLine;

    JsonWriter() {
        this(false);
    }

    /** @param oneLine no line breaks or indentation: one JSON Lines record */
    JsonWriter(boolean oneLine) {
        this.oneLine = oneLine;
    }

    String write(Object value) {
        StringWriter text = new StringWriter();
        try {
            write(value, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.toString();
    }

    /**
     * Writes {@code value} to {@code out}, with a line break after it unless one line was asked
     * for, and leaves {@code out} open and unflushed: one value of many on one stream.
     */
    void write(Object value, Writer out) throws IOException {
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.setPrettyPrinter(new Layout(oneLine));
            generator.setCharacterEscapes(KEEP_SURROGATES);
            value(generator, value, 0);
        }
        if (!oneLine) {
            out.write('\n');
        }
    }

    private void value(JsonGenerator out, Object value, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException(
                    "JSON nested deeper than " + MAX_DEPTH + " levels; is there a cycle?");
        }
        switch (value) {
            case null -> out.writeNull();
            case Boolean b -> out.writeBoolean(b);
            case String s -> string(out, s);
            case Long l -> out.writeNumber(l.longValue());
            case Integer i -> out.writeNumber(i.intValue());
            case Short s -> out.writeNumber(s.shortValue());
            case Byte b -> out.writeNumber(b.intValue());
            // Jackson writes Double.toString's and Float.toString's forms: the shortest that reads
            // back to the same value, with a '.' or an exponent. JSON has no NaN or infinity.
            case Double d -> {
                if (Double.isFinite(d)) {
                    out.writeNumber(d.doubleValue());
                } else {
                    out.writeNull();
                }
            }
            case Float f -> {
                if (Float.isFinite(f)) {
                    out.writeNumber(f.floatValue());
                } else {
                    out.writeNull();
                }
            }
            case Map<?, ?> map -> object(out, map, depth);
            case List<?> list -> array(out, list, depth);
            case OrUnknown.Value<?> known -> value(out, known.value(), depth);
            case OrUnknown.Unknown<?> unknown -> string(out, OrUnknown.PREFIX + unknown.why());
            case OrUnavailable.Value<?> available -> value(out, available.value(), depth);
            case OrUnavailable.Unavailable<?> unavailable -> string(out, OrUnavailable.PREFIX + unavailable.why());
            case Record r -> record(out, r, depth);
            case Labelled l when l instanceof Enum<?> -> string(out, l.label());
            case Enum<?> e -> throw new IllegalArgumentException("cannot write the enum " + e.getDeclaringClass().getName()
                    + " as JSON: give it a label (implement Labelled)");
            case double[] doubles -> {
                out.writeStartArray();
                for (double d : doubles) {
                    value(out, d, depth + 1);
                }
                out.writeEndArray();
            }
            case long[] longs -> {
                out.writeStartArray();
                for (long l : longs) {
                    out.writeNumber(l);
                }
                out.writeEndArray();
            }
            case int[] ints -> {
                out.writeStartArray();
                for (int i : ints) {
                    out.writeNumber(i);
                }
                out.writeEndArray();
            }
            default -> throw new IllegalArgumentException(
                    "cannot write a " + value.getClass().getName() + " as JSON");
        }
    }

    private void object(JsonGenerator out, Map<?, ?> map, int depth) throws IOException {
        // A HashMap's order may change between runs; key order keeps reports diffable.
        Map<?, ?> ordered = map instanceof SequencedMap<?, ?> ? map : sortedByKey(map);
        out.writeStartObject();
        for (Map.Entry<?, ?> entry : ordered.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(
                        "JSON object keys must be Strings, got " + entry.getKey());
            }
            escapesFor(out, key);
            out.writeFieldName(key);
            value(out, entry.getValue(), depth + 1);
        }
        out.writeEndObject();
    }

    /**
     * A record as an object: its discriminator and tag first when it is one of a
     * {@link Discriminator} interface's, then each component under its own name in declaration
     * order. An empty optional leaves its key out, or writes null where the component says
     * {@link NullWhenEmpty}; any other null component is an error, so what is written always
     * binds back.
     */
    private void record(JsonGenerator out, Record r, int depth) throws IOException {
        out.writeStartObject();
        members(out, r, new HashSet<>(), depth);
        out.writeEndObject();
    }

    /**
     * {@code r}'s members, without the braces: the whole of a record's object, or where an
     * {@link Inline} component stands. {@code written}: the keys the enclosing object has already.
     */
    private void members(JsonGenerator out, Record r, Set<String> written, int depth) throws IOException {
        RecordShape shape = RecordShape.of(r.getClass());
        if (shape.tagged().isPresent()) {
            field(out, unique(written, shape.tagged().get().key()));
            string(out, shape.tagged().get().tag());
        }
        for (RecordShape.Component c : shape.components()) {
            Object value = c.valueOf(r);
            switch (value) {
                case null -> throw new IllegalArgumentException(r.getClass().getName() + "." + c.key()
                        + " is null: a component that may hold nothing is an Optional");
                case Record inner when c.inline() -> members(out, inner, written, depth);
                case Map<?, ?> map when c.inline() -> inlineMap(out, map, written, depth);
                case Object other when c.inline() -> throw new IllegalArgumentException(r.getClass().getName()
                        + "." + c.key() + " is @Inline but holds a " + other.getClass().getName()
                        + ", not a record or a map");
                case java.util.Optional<?> o when o.isEmpty() -> empty(out, c, written);
                case java.util.Optional<?> o -> member(out, unique(written, c.key()), o.get(), depth);
                case java.util.OptionalInt o when o.isEmpty() -> empty(out, c, written);
                case java.util.OptionalInt o -> member(out, unique(written, c.key()), o.getAsInt(), depth);
                case java.util.OptionalLong o when o.isEmpty() -> empty(out, c, written);
                case java.util.OptionalLong o -> member(out, unique(written, c.key()), o.getAsLong(), depth);
                case java.util.OptionalDouble o when o.isEmpty() -> empty(out, c, written);
                case java.util.OptionalDouble o -> member(out, unique(written, c.key()), o.getAsDouble(), depth);
                default -> member(out, unique(written, c.key()), value, depth);
            }
        }
    }

    /** A map's entries where an {@link Inline} component stands, in the map's order. */
    private void inlineMap(JsonGenerator out, Map<?, ?> map, Set<String> written, int depth) throws IOException {
        Map<?, ?> ordered = map instanceof SequencedMap<?, ?> ? map : sortedByKey(map);
        for (Map.Entry<?, ?> entry : ordered.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException("JSON object keys must be Strings, got " + entry.getKey());
            }
            member(out, unique(written, key), entry.getValue(), depth);
        }
    }

    /** {@code key}, noted as written; one the object has already (through an inline member) is refused. */
    private static String unique(Set<String> written, String key) {
        if (!written.add(key)) {
            throw new IllegalArgumentException("key \"" + key + "\" repeats: an @Inline member names a key"
                    + " its enclosing object already has");
        }
        return key;
    }

    private static void empty(JsonGenerator out, RecordShape.Component c, Set<String> written) throws IOException {
        if (c.nullWhenEmpty()) {
            field(out, unique(written, c.key()));
            out.writeNull();
        }
    }

    private void member(JsonGenerator out, String key, Object value, int depth) throws IOException {
        field(out, key);
        value(out, value, depth + 1);
    }

    private static void field(JsonGenerator out, String key) throws IOException {
        escapesFor(out, key);
        out.writeFieldName(key);
    }

    private void array(JsonGenerator out, List<?> list, int depth) throws IOException {
        out.writeStartArray();
        for (Object element : list) {
            value(out, element, depth + 1);
        }
        out.writeEndArray();
    }

    private static void string(JsonGenerator out, String s) throws IOException {
        escapesFor(out, s);
        out.writeString(s);
    }

    // Jackson asks about one character at a time, so it cannot tell a lone surrogate from half of
    // a pair: text with a lone one (it cannot be encoded in UTF-8; escaped, it survives) has all
    // its surrogates escaped, other text keeps its pairs as they are.
    private static void escapesFor(JsonGenerator out, String s) {
        out.setCharacterEscapes(hasLoneSurrogate(s) ? ESCAPE_SURROGATES : KEEP_SURROGATES);
    }

    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static Map<?, ?> sortedByKey(Map<?, ?> map) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(
                        "JSON object keys must be Strings, got " + entry.getKey());
            }
            sorted.put(key, entry.getValue());
        }
        return sorted;
    }

    /**
     * xfer's layout: every member and element on its own line, indented two spaces a level,
     * {@code "key": value}, and {@code {}} and {@code []} when empty; on one line, the same with
     * {@code ", "} between members and no line breaks. (Jackson's DefaultPrettyPrinter writes
     * {@code "key" : value}, {@code { }} and arrays on one line.) One per generator: it counts
     * the nesting.
     */
    static final class Layout implements PrettyPrinter {
        private static final String INDENT = "  ";

        private final boolean oneLine;
        private int depth;

        Layout(boolean oneLine) {
            this.oneLine = oneLine;
        }

        @Override
        public void writeRootValueSeparator(JsonGenerator out) throws IOException {
            out.writeRaw(oneLine ? " " : "\n");
        }

        @Override
        public void writeStartObject(JsonGenerator out) throws IOException {
            out.writeRaw('{');
            depth++;
        }

        @Override
        public void beforeObjectEntries(JsonGenerator out) throws IOException {
            lineBreak(out);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator out) throws IOException {
            out.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator out) throws IOException {
            out.writeRaw(',');
            separate(out);
        }

        @Override
        public void writeEndObject(JsonGenerator out, int entries) throws IOException {
            depth--;
            if (entries > 0) {
                lineBreak(out);
            }
            out.writeRaw('}');
        }

        @Override
        public void writeStartArray(JsonGenerator out) throws IOException {
            out.writeRaw('[');
            depth++;
        }

        @Override
        public void beforeArrayValues(JsonGenerator out) throws IOException {
            lineBreak(out);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator out) throws IOException {
            out.writeRaw(',');
            separate(out);
        }

        @Override
        public void writeEndArray(JsonGenerator out, int values) throws IOException {
            depth--;
            if (values > 0) {
                lineBreak(out);
            }
            out.writeRaw(']');
        }

        /** After a comma: the next line, or one space on one line. */
        private void separate(JsonGenerator out) throws IOException {
            if (oneLine) {
                out.writeRaw(' ');
            } else {
                lineBreak(out);
            }
        }

        private void lineBreak(JsonGenerator out) throws IOException {
            if (!oneLine) {
                out.writeRaw('\n');
                out.writeRaw(INDENT.repeat(depth));
            }
        }
    }

    /**
     * Quotes, backslashes and control characters escaped ({@code \n}, {@code \t}, ... where JSON
     * has a short form, else {@code \u001f} in lower-case hex), everything else kept; with
     * {@code surrogates}, every UTF-16 surrogate escaped too.
     */
    static final class Escapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;

        private final int[] ascii;
        private final boolean surrogates;

        Escapes(boolean surrogates) {
            this.surrogates = surrogates;
            ascii = standardAsciiEscapesForJSON();
            for (int c = 0; c < 0x20; c++) {
                if (ascii[c] == ESCAPE_STANDARD) {
                    ascii[c] = ESCAPE_CUSTOM; // Jackson's own \\u00XX is upper-case
                }
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            if (c < 0x20 || surrogates && Character.isSurrogate((char) c)) {
                return new SerializedString(String.format("\\u%04x", c));
            }
            return null;
        }
    }
}
