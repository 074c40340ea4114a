package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.Instantiatable;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes the value model described in {@link Json} through jackson-databind, configured once:
 * records by their components in declaration order (their fields; no getters are guessed), an
 * empty optional left out unless its component says {@code @JsonInclude(ALWAYS)}, Jackson's own
 * annotations for the rest ({@code @JsonUnwrapped}, {@code @JsonTypeInfo}, {@code @JsonProperty},
 * {@code @JsonValue}). What databind does differently from xfer's documents is in
 * {@link JsonValues} (numbers, strings, map order, refusals), {@link Layout} and {@link Escapes}:
 * the layout, number forms and escapes xfer's documents have always had, byte for byte.
 */
final class JsonWriter {

    static final int MAX_DEPTH = 512;

    // Thread-safe and configured once. The target is the caller's: never closed, never flushed
    // here. A key written twice (an unwrapped member clashing with its enclosing object's) is refused.
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
            .enable(StreamWriteFeature.STRICT_DUPLICATE_DETECTION)
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .characterEscapes(Escapes.KEEP_SURROGATES)
            .build();

    private static final JsonMapper MAPPER = JsonMapper.builder(FACTORY)
            .addModule(new Jdk8Module())
            .addModule(new JsonValues())
            // A record is its components: its fields, in declaration order; a method that looks
            // like a getter (isEmpty(), a derived total) is not a key.
            .visibility(PropertyAccessor.ALL, Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, Visibility.ANY)
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            // An empty optional component leaves its key out (JsonValues.Absent); a null in a map
            // or a list is written as null, as the value model says.
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.CUSTOM,
                    JsonInclude.Include.ALWAYS, JsonValues.Absent.class, null))
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // NoParameters: a record of nothing, {}
            .disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
            .build();

    private static final ObjectWriter INDENTED = MAPPER.writer(new Layout(false));
    private static final ObjectWriter ONE_LINE = MAPPER.writer(new Layout(true));

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
        try {
            (oneLine ? ONE_LINE : INDENTED).writeValue(out, value);
        } catch (JsonProcessingException e) {
            throw refused(e);
        }
        if (!oneLine) {
            out.write('\n');
        }
    }

    /** Databind's refusal as the one line xfer says it in; a value outside the model is a programming error. */
    private static IllegalArgumentException refused(JsonProcessingException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamConstraintsException) {
                return new IllegalArgumentException("JSON nested deeper than " + MAX_DEPTH + " levels; is there a cycle?", e);
            }
        }
        return new IllegalArgumentException(e.getOriginalMessage(), e);
    }

    /**
     * xfer's layout: every member and element on its own line, indented two spaces a level,
     * {@code "key": value}, and {@code {}} and {@code []} when empty; on one line, the same with
     * {@code ", "} between members and no line breaks. (Jackson's DefaultPrettyPrinter writes
     * {@code "key" : value}, {@code { }} and arrays on one line.) One per generator: it counts
     * the nesting.
     */
    static final class Layout implements PrettyPrinter, Instantiatable<Layout> {
        private static final String INDENT = "  ";

        private final boolean oneLine;
        private int depth;

        Layout(boolean oneLine) {
            this.oneLine = oneLine;
        }

        @Override
        public Layout createInstance() {
            return new Layout(oneLine);
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

        static final Escapes KEEP_SURROGATES = new Escapes(false);
        static final Escapes ESCAPE_SURROGATES = new Escapes(true);

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
