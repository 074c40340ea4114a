package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonGenerationException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.Serializers;
import com.fasterxml.jackson.databind.ser.std.StdDelegatingSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.ArrayType;
import com.fasterxml.jackson.databind.type.MapType;
import com.fasterxml.jackson.databind.util.StdConverter;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeMap;

/**
 * Where xfer's documents differ from what databind writes by default, and no setting says so,
 * each a small serializer:
 * <ul>
 *   <li>a NaN or infinite double or float is {@code null} (databind writes {@code "NaN"});</li>
 *   <li>a text with a lone surrogate (it cannot be encoded in UTF-8) has its surrogates escaped:
 *       Jackson asks about one character at a time, so only the text as a whole can tell;</li>
 *   <li>a map with no order of its own (a HashMap, {@code Map.of}) is written in key order, so
 *       reports stay diffable ({@code ORDER_MAP_ENTRIES_BY_KEYS} would sort LinkedHashMaps too);
 *       its keys are text;</li>
 *   <li>a value outside {@link Json}'s model (a plain class, an enum that is not
 *       {@link Labelled}) is refused, where databind would guess it as a bean; so is a null
 *       component, which could not be bound back (one that may hold nothing is an optional).
 *       NON_ABSENT, databind's setting for leaving empty optionals out, would leave nulls out
 *       silently, in maps too: {@link Absent} leaves out the empty optionals only.</li>
 * </ul>
 */
final class JsonValues extends com.fasterxml.jackson.databind.Module {

    @Override
    public String getModuleName() {
        return "xfer-json-values";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addSerializers(new Values());
        context.addKeySerializers(new Keys());
        context.addBeanSerializerModifier(new NoNulls());
    }

    /** The components left out: an empty optional ({@code @JsonInclude(ALWAYS)} ones are written as null). */
    static final class Absent {
        @Override
        public boolean equals(Object value) {
            return switch (value) {
                case java.util.Optional<?> o -> o.isEmpty();
                case java.util.OptionalInt o -> o.isEmpty();
                case java.util.OptionalLong o -> o.isEmpty();
                case java.util.OptionalDouble o -> o.isEmpty();
                case null, default -> false;
            };
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** A record's null component is refused naming it. */
    private static final class NoNulls extends BeanSerializerModifier {
        @Override
        public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription bean,
                                                         List<BeanPropertyWriter> properties) {
            for (BeanPropertyWriter p : properties) {
                p.assignNullSerializer(new Refused(bean.getBeanClass().getName() + "." + p.getName()
                        + " is null: a component that may hold nothing is an Optional"));
            }
            return properties;
        }
    }

    private static final class Values extends Serializers.Base {
        @Override
        public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription bean) {
            Class<?> raw = type.getRawClass();
            if (raw == String.class) {
                return new Text();
            }
            if (raw == Double.class || raw == double.class || raw == Float.class || raw == float.class) {
                return new Finite();
            }
            if (Enum.class.isAssignableFrom(raw) && !Labelled.class.isAssignableFrom(raw)) {
                return new Refused("cannot write the enum " + raw.getName() + " as JSON: give it a label (implement Labelled)");
            }
            boolean inModel = raw.isRecord() || raw.isEnum() || raw.isPrimitive() || raw == Boolean.class
                    || Number.class.isAssignableFrom(raw) || raw.getName().startsWith("java.util.Optional");
            return inModel ? null : new Refused("cannot write a " + raw.getName() + " as JSON");
        }

        @Override
        public JsonSerializer<?> findArraySerializer(SerializationConfig config, ArrayType type, BeanDescription bean,
                                                     TypeSerializer elementTypes, JsonSerializer<Object> elements) {
            return type.getRawClass() == double[].class ? new FiniteArray() : null;
        }

        @Override
        public JsonSerializer<?> findMapSerializer(SerializationConfig config, MapType type, BeanDescription bean,
                                                   JsonSerializer<Object> keys, TypeSerializer valueTypes,
                                                   JsonSerializer<Object> values) {
            return SequencedMap.class.isAssignableFrom(type.getRawClass()) ? null
                    : new StdDelegatingSerializer(new InKeyOrder());
        }
    }

    /** Keys are text only; escaped as values are. */
    private static final class Keys extends Serializers.Base {
        @Override
        public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription bean) {
            return new Key();
        }
    }

    private static final class Text extends StdSerializer<String> {
        Text() {
            super(String.class);
        }

        @Override
        public void serialize(String text, JsonGenerator out, SerializerProvider provider) throws IOException {
            escapesFor(out, text);
            out.writeString(text);
        }
    }

    private static final class Key extends StdSerializer<Object> {
        Key() {
            super(Object.class);
        }

        @Override
        public void serialize(Object key, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (!(key instanceof String text)) {
                throw new JsonGenerationException("JSON object keys must be Strings, got " + key, out);
            }
            escapesFor(out, text);
            out.writeFieldName(text);
        }
    }

    private static final class Finite extends StdSerializer<Number> {
        Finite() {
            super(Number.class);
        }

        @Override
        public void serialize(Number n, JsonGenerator out, SerializerProvider provider) throws IOException {
            // Jackson writes Double.toString's and Float.toString's forms: the shortest that reads
            // back to the same value, with a '.' or an exponent.
            switch (n) {
                case Float f when Float.isFinite(f) -> out.writeNumber(f.floatValue());
                case Double d when Double.isFinite(d) -> out.writeNumber(d.doubleValue());
                default -> out.writeNull();
            }
        }
    }

    private static final class FiniteArray extends StdSerializer<double[]> {
        FiniteArray() {
            super(double[].class);
        }

        @Override
        public void serialize(double[] values, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeStartArray();
            for (double d : values) {
                if (Double.isFinite(d)) {
                    out.writeNumber(d);
                } else {
                    out.writeNull();
                }
            }
            out.writeEndArray();
        }
    }

    private static final class InKeyOrder extends StdConverter<Map<?, ?>, LinkedHashMap<String, Object>> {
        @Override
        @SuppressWarnings("unchecked") // a key that is not text is refused by Key
        public LinkedHashMap<String, Object> convert(Map<?, ?> map) {
            if (map instanceof SequencedMap<?, ?>) { // declared as a Map, ordered after all
                return new LinkedHashMap<>((Map<String, Object>) map);
            }
            TreeMap<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("JSON object keys must be Strings, got " + entry.getKey());
                }
                sorted.put(key, entry.getValue());
            }
            return new LinkedHashMap<>(sorted);
        }
    }

    private static final class Refused extends StdSerializer<Object> {
        private final String why;

        Refused(String why) {
            super(Object.class);
            this.why = why;
        }

        @Override
        public void serialize(Object value, JsonGenerator out, SerializerProvider provider) throws IOException {
            throw new JsonGenerationException(why, out);
        }
    }

    private static void escapesFor(JsonGenerator out, String s) {
        out.setCharacterEscapes(hasLoneSurrogate(s) ? JsonWriter.Escapes.ESCAPE_SURROGATES
                : JsonWriter.Escapes.KEEP_SURROGATES);
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
}
