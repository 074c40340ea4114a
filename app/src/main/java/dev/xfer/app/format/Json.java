package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerationException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.core.util.Separators.Spacing;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.Serializers;
import com.fasterxml.jackson.databind.ser.impl.FailingSerializer;
import com.fasterxml.jackson.databind.ser.std.StdDelegatingSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.MapType;
import com.fasterxml.jackson.databind.util.StdConverter;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeMap;

/**
 * Writes records (and the maps, lists, text, numbers and booleans of tests and fixtures) as xfer's
 * JSON through jackson-databind, configured once: a record's components in declaration order (its
 * fields; no getter is guessed), an empty optional left out unless its component says
 * {@code @JsonInclude(ALWAYS)}, Jackson's own annotations for the rest ({@code @JsonUnwrapped},
 * {@code @JsonTypeInfo}, {@code @JsonProperty}, {@code @JsonValue} on {@link Labelled}, ...), and
 * Jackson's pretty printer set to xfer's layout ({@code "key": value}, two spaces a level,
 * {@code {}} and {@code []} when empty; on one line, {@code ", "} between members).
 *
 * <p>What stays hand-written, because no setting of Jackson's says it:
 * <ul>
 *   <li>{@link Written}, around Jackson's generator: a NaN or infinite number is {@code null}
 *       (Jackson writes {@code "NaN"}), and a text with a lone surrogate (which UTF-8 cannot
 *       carry) has its surrogates escaped: Jackson asks about escapes one character at a time, so
 *       only the text as a whole can tell;</li>
 *   <li>{@link Escapes}: a control character's escape in lower-case hex ({@code \u001f}, as
 *       xfer's documents have always had it; Jackson's is upper-case);</li>
 *   <li>a map with no order of its own ({@code Map.of}, a HashMap) in key order, so reports stay
 *       diffable ({@code ORDER_MAP_ENTRIES_BY_KEYS} would sort ordered maps too);</li>
 *   <li>refusals of what could not be read back, where databind would guess: a null component
 *       (one that may hold nothing is an optional), an enum without a label, a key that is not
 *       text, a plain class.</li>
 * </ul>
 */
public final class Json {
    /** The deepest nesting written (and read: {@link RecordBinder}); a cycle is refused at it. */
    static final int MAX_DEPTH = 512;

    private static final JsonMapper MAPPER = JsonMapper.builder(new JsonFactoryBuilder()
                    // The target is the caller's: never closed, never flushed here.
                    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET, StreamWriteFeature.FLUSH_PASSED_TO_STREAM,
                            StreamWriteFeature.AUTO_CLOSE_CONTENT)
                    // A key written twice (an unwrapped member clashing with its owner's) is refused.
                    .enable(StreamWriteFeature.STRICT_DUPLICATE_DETECTION)
                    .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                    .characterEscapes(Escapes.KEEP_SURROGATES)
                    .addDecorator((factory, generator) -> new Written(generator))
                    .build())
            .addModule(new Jdk8Module())
            .addModule(new Model())
            .visibility(PropertyAccessor.ALL, Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, Visibility.ANY)
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            // An empty optional leaves its key out; a null in a map or a list is written as null.
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_ABSENT, JsonInclude.Include.ALWAYS))
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // NoParameters: a record of nothing, {}
            .disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
            .build();

    private static final Separators SPACED = Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator("");
    private static final DefaultIndenter LINES = new DefaultIndenter("  ", "\n");
    private static final ObjectWriter INDENTED = MAPPER.writer(new DefaultPrettyPrinter(SPACED)
            .withObjectIndenter(LINES).withArrayIndenter(LINES));
    private static final ObjectWriter ONE_LINE = MAPPER.writer(new DefaultPrettyPrinter(SPACED
            .withObjectEntrySpacing(Spacing.AFTER).withArrayValueSpacing(Spacing.AFTER))
            .withObjectIndenter(null).withArrayIndenter(null));

    private Json() {
    }

    /**
     * Writes {@code value} as JSON indented by two spaces, ending with a newline.
     *
     * @throws IllegalArgumentException when a value, or a map key, is one that could not be read
     *         back, or the nesting is deeper than 512 levels (as a cycle would be)
     */
    public static String write(Object value) {
        return writeLine(INDENTED, value) + "\n";
    }

    /** {@code value} on one line, no line break at the end: a JSON Lines record. */
    public static String writeLine(Object value) {
        return writeLine(ONE_LINE, value);
    }

    /**
     * Writes {@code value} to {@code out} as {@link #write(Object)} does, without building the
     * text first: one document of many on one stream. {@code out} is left open and not flushed;
     * when a value that cannot be written is met, what came before it has been written.
     *
     * @throws IllegalArgumentException as {@link #write(Object)}
     * @throws IOException when {@code out} fails
     */
    public static void write(Object value, Writer out) throws IOException {
        try {
            INDENTED.writeValue(out, value);
        } catch (JsonProcessingException e) {
            throw refused(e);
        }
        out.write('\n');
    }

    /** {@code value} to {@code out} on one line, no line break at the end, as {@link #write(Object, Writer)}. */
    public static void writeLine(Object value, Writer out) throws IOException {
        out.write(writeLine(value));
    }

    private static String writeLine(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw refused(e);
        }
    }

    /** Databind's refusal as the one line xfer says it in; a value that cannot be written is a programming error. */
    private static IllegalArgumentException refused(JsonProcessingException e) {
        boolean deep = e instanceof StreamConstraintsException || e.getCause() instanceof StreamConstraintsException;
        return new IllegalArgumentException(deep ? "JSON nested deeper than " + MAX_DEPTH + " levels; is there a cycle?"
                : e.getOriginalMessage(), e);
    }

    /** What Jackson's generator writes differently from xfer's documents: non-finite numbers, lone surrogates. */
    private static final class Written extends JsonGeneratorDelegate {
        Written(JsonGenerator generator) {
            super(generator, false);
        }

        @Override
        public void writeNumber(double d) throws IOException {
            if (Double.isFinite(d)) {
                super.writeNumber(d);
            } else {
                writeNull();
            }
        }

        @Override
        public void writeNumber(float f) throws IOException {
            if (Float.isFinite(f)) {
                super.writeNumber(f);
            } else {
                writeNull();
            }
        }

        /** Databind writes a double[] in one call, past {@link #writeNumber(double)}: each element through it. */
        @Override
        public void writeArray(double[] array, int offset, int length) throws IOException {
            writeStartArray(array, length);
            for (int i = offset; i < offset + length; i++) {
                writeNumber(array[i]);
            }
            writeEndArray();
        }

        @Override
        public void writeString(String text) throws IOException {
            super.writeString(escaped(text));
        }

        @Override
        public void writeFieldName(String name) throws IOException {
            super.writeFieldName(escaped(name));
        }

        /** {@code text}, the escapes set for it: a lone surrogate's (a code point of its own) escapes every surrogate. */
        private String escaped(String text) {
            boolean lone = text.codePoints().anyMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
            setCharacterEscapes(lone ? Escapes.ESCAPE_SURROGATES : Escapes.KEEP_SURROGATES);
            return text;
        }
    }

    /**
     * Quotes, backslashes and control characters escaped ({@code \n}, {@code \t}, ... where JSON
     * has a short form, else {@code \u001f} in lower-case hex), everything else kept; with
     * {@code surrogates}, every UTF-16 surrogate escaped too.
     */
    private static final class Escapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        static final Escapes KEEP_SURROGATES = new Escapes(false);
        static final Escapes ESCAPE_SURROGATES = new Escapes(true);

        private final int[] ascii = standardAsciiEscapesForJSON();
        private final boolean surrogates;

        Escapes(boolean surrogates) {
            this.surrogates = surrogates;
            for (int c = 0; c < 0x20; c++) {
                ascii[c] = ascii[c] == ESCAPE_STANDARD ? ESCAPE_CUSTOM : ascii[c]; // Jackson's own \\u00XX is upper-case
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            boolean escaped = c < 0x20 || surrogates && Character.isSurrogate((char) c);
            return escaped ? new SerializedString(String.format("\\u%04x", c)) : null;
        }
    }

    /**
     * The values written as xfer writes them: what could not be read back refused where databind
     * would guess (a plain class, an enum without a label, a null component, a key that is not
     * text), a map without an order of its own in key order.
     */
    private static final class Model extends SimpleModule {
        Model() {
            setSerializerModifier(new BeanSerializerModifier() {
                @Override
                public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription bean,
                                                                 List<BeanPropertyWriter> properties) {
                    properties.forEach(p -> p.assignNullSerializer(new FailingSerializer(bean.getBeanClass().getName() + "."
                            + p.getName() + " is null: a component that may hold nothing is an Optional")));
                    return properties;
                }
            });
            addKeySerializer(Object.class, new StdSerializer<>(Object.class) {
                @Override
                public void serialize(Object key, JsonGenerator out, SerializerProvider provider) throws IOException {
                    if (!(key instanceof String text)) {
                        throw new JsonGenerationException("JSON object keys must be Strings, got " + key, out);
                    }
                    out.writeFieldName(text);
                }
            });
        }

        @Override
        public void setupModule(SetupContext context) {
            super.setupModule(context);
            context.addSerializers(new Serializers.Base() {
                @Override
                public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription bean) {
                    Class<?> raw = type.getRawClass();
                    if (raw.isEnum() && !Labelled.class.isAssignableFrom(raw)) {
                        return new FailingSerializer("cannot write the enum " + raw.getName() + " as JSON: give it a label (implement Labelled)");
                    }
                    boolean inModel = raw.isRecord() || raw.isEnum() || raw.isPrimitive() || raw == String.class
                            || raw == Boolean.class || Number.class.isAssignableFrom(raw) || raw.getName().startsWith("java.util.Optional");
                    return inModel ? null : new FailingSerializer("cannot write a " + raw.getName() + " as JSON");
                }

                @Override
                public JsonSerializer<?> findMapSerializer(SerializationConfig config, MapType type, BeanDescription bean,
                                                           JsonSerializer<Object> keys, TypeSerializer valueTypes,
                                                           JsonSerializer<Object> values) {
                    return SequencedMap.class.isAssignableFrom(type.getRawClass()) ? null
                            : new StdDelegatingSerializer(new StdConverter<Map<?, ?>, LinkedHashMap<?, ?>>() {
                                @Override
                                public LinkedHashMap<?, ?> convert(Map<?, ?> map) {
                                    return new LinkedHashMap<>(map instanceof SequencedMap ? map : new TreeMap<>(map));
                                }
                            });
                }
            });
        }
    }
}
