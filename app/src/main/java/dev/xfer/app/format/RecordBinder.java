package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SequencedMap;

import static dev.xfer.app.format.GenericTypes.argument;
import static dev.xfer.app.format.GenericTypes.raw;
import static dev.xfer.app.format.GenericTypes.resolved;
import static dev.xfer.app.format.GenericTypes.variables;

/**
 * Binds a JSON tree to a record by the rules {@link JsonWriter} writes it with, strictly: what
 * xfer writes binds back to an equal record, and anything else is one {@link BindingException}
 * naming the field's path ({@code results[0].gbps.median: expected a number, got null}).
 *
 * <ul>
 *   <li>A record is an object; each component is the key of its name. A key that is absent or
 *       null is an error ({@code got nothing}, {@code got null}) unless the component is an
 *       {@code Optional}/{@code OptionalInt}/{@code OptionalLong}/{@code OptionalDouble}: absent
 *       is empty, and null is empty only where it is {@code @JsonInclude(ALWAYS)} (as it is written).</li>
 *   <li>Keys no component names are ignored: a newer xfer may add fields without a new schema
 *       version, as xfer's readers have always allowed.</li>
 *   <li>String: text. boolean: true or false. long, int, short, byte: a whole number in range
 *       ({@code 1.0} is not one). double, float: a finite number ({@code 1e400} is an error,
 *       never Infinity; NaN, which the writer writes as null, cannot be read: a value that may
 *       be missing is an optional).</li>
 *   <li>An enum that is {@link Labelled}: one of its labels, all named in the message.</li>
 *   <li>{@code List<E>}: an array, each element {@code path[i]}. {@code Map<String, V>}: an
 *       object, each value {@code path.key}, in the document's order.</li>
 *   <li>A {@code double} marked {@link NullWhenInfinite}: {@code null} is positive infinity.</li>
 *   <li>A component of an open interface (a measuring document's {@code parameters},
 *       {@code results}, {@code extras}): the record a {@link #choosing choice} names for it, from
 *       the object's own keys; a {@code List} of one, each element chosen alike.</li>
 *   <li>{@link OrUnknown}, {@link OrUnavailable}: a text starting {@code unknown: } (or
 *       {@code unavailable: }) is the reason; anything else binds as
 *       the value (and its refusal is the value's).</li>
 *   <li>A sealed interface marked {@code @JsonTypeInfo}: an object whose type property names
 *       the {@code @JsonTypeName} of one of its records, bound as that record.</li>
 *   <li>A record's own checks (its compact constructor) that fail are the field's error too.</li>
 * </ul>
 * Types outside these (a map of other keys or of {@code Object} values, an enum without labels, a plain class or
 * an open interface without a choice) are a programming error
 * ({@link IllegalArgumentException}), found by the first test that binds the record.
 * <p>
 * Its parts: {@link Choices} (the records picked for open interfaces), {@link GenericTypes}
 * (type arguments and variables), {@link ScalarValues} (numbers, labels), {@link RecordShape}
 * (keys, and the canonical constructor looked up once per record class).
 */
public final class RecordBinder {
    // One strict parser for every reader (StrictJson): choosing() makes a binder per choice.
    private static final ObjectMapper MAPPER = StrictJson.MAPPER;

    /** What a component of an open interface binds as. */
    private final Choices choices;

    /**
     * Which record an object of an open interface is, read off its keys; {@code null} when none
     * fits (a {@link BindingException} at its path).
     */
    @FunctionalInterface
    public interface Choice {
        Class<?> of(Fields fields);
    }

    public RecordBinder() {
        this(Choices.NONE);
    }

    private RecordBinder(Choices choices) {
        this.choices = choices;
    }

    /**
     * This binder, with {@code owner}'s component {@code key} (or each element of it, for a list)
     * bound as the record {@code choice} picks: how a document's open parts
     * ({@code GpuDocument.parameters}, its rows) bind to the command's own records.
     */
    public RecordBinder choosing(Class<?> owner, String key, Choice choice) {
        return new RecordBinder(choices.with(owner, key, choice));
    }

    /** As {@link #choosing(Class, String, Choice)}, always the one record {@code concrete}. */
    public RecordBinder choosing(Class<?> owner, String key, Class<?> concrete) {
        return choosing(owner, key, fields -> concrete);
    }

    /**
     * Parses {@code text} and binds it to {@code type}.
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     * @throws BindingException when the JSON does not fit {@code type}
     */
    public <T> T read(String text, Class<T> type) {
        return bind(parse(text), type, "");
    }

    private JsonNode parse(String text) {
        try (JsonParser parser = new NegativeZero(MAPPER.createParser(text))) {
            return MAPPER.readTree(parser);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(StrictJson.invalid(e));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The tree keeps floats as BigDecimals (so 1e400 is reported as written), and a BigDecimal has
     * no negative zero: a fleet's {@code "z": -0.0} would bind as 0.0 and write back other bytes.
     * Told that a negative zero is not a number a BigDecimal holds, the tree builder keeps it as
     * the double it is.
     */
    private static final class NegativeZero extends JsonParserDelegate {
        NegativeZero(JsonParser parser) {
            super(parser);
        }

        @Override
        public boolean isNaN() throws IOException {
            // From the text: asking for the BigDecimal first would make the parser's double its zero.
            return super.isNaN() || currentToken() == JsonToken.VALUE_NUMBER_FLOAT
                    && Double.doubleToRawLongBits(Double.parseDouble(getText())) == Long.MIN_VALUE;
        }
    }

    /**
     * Parses {@code text} and binds it as the record {@code choice} picks from its top-level keys
     * (a document that is one of several shapes: one GPU's, several GPUs', --runs N's).
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     * @throws BindingException when the JSON does not fit the record picked, or none fits
     */
    public Object read(String text, Choice choice) {
        return bind(parse(text), new Choices.Chosen(choice), "");
    }

    /**
     * As {@link #read(String, Choice)}, with the binder {@code by} picks from the document's
     * top-level keys: where which record an inner object is depends on the whole document (a
     * pattern run's GPU documents carry the patterns' plan), not on that object's own keys.
     */
    public Object read(String text, java.util.function.Function<Fields, RecordBinder> by, Choice choice) {
        JsonNode root = parse(text);
        RecordBinder binder = root != null && root.isObject() ? by.apply(new Fields(root)) : this;
        return binder.bind(root, new Choices.Chosen(choice), "");
    }

    /**
     * Binds {@code node} (null or missing when the key is absent) to {@code type}.
     *
     * @param path where {@code node} is in the document ({@code devices[1].disturbances}), {@code ""} at its root
     */
    public <T> T bind(JsonNode node, Class<T> type, String path) {
        return type.cast(bind(node, (Type) type, path));
    }

    /** As {@link #bind(JsonNode, Class, String)}, for a generic type such as {@code List<Disturbance>}. */
    public Object bind(JsonNode node, Type type, String path) {
        return value(present(node), type, Map.of(), path);
    }

    private static JsonNode present(JsonNode node) {
        return node == null || node.isMissingNode() ? null : node;
    }

    private Object value(JsonNode node, Type declared, Map<TypeVariable<?>, Type> vars, String path) {
        Type type = resolved(declared, vars);
        if (type instanceof Choices.Chosen chosen) {
            if (node == null || !node.isObject()) {
                throw BindingException.wrong(path, "an object", NodeKind.of(node));
            }
            Class<?> picked = chosen.choice().of(new Fields(node));
            if (picked == null) {
                throw new BindingException(path, "not one of the kinds this document holds");
            }
            type = picked;
        }
        Class<?> raw = raw(type);
        if (raw == OrUnknown.class) {
            if (node != null && node.isTextual() && node.textValue().startsWith(OrUnknown.PREFIX)) {
                return OrUnknown.unknown(node.textValue().substring(OrUnknown.PREFIX.length()));
            }
            return OrUnknown.of(value(node, argument(type, path), vars, path));
        }
        if (raw == OrUnavailable.class) {
            if (node != null && node.isTextual() && node.textValue().startsWith(OrUnavailable.PREFIX)) {
                return OrUnavailable.unavailable(node.textValue().substring(OrUnavailable.PREFIX.length()));
            }
            return OrUnavailable.of(value(node, argument(type, path), vars, path));
        }
        if (node == null || node.isNull()) {
            throw BindingException.wrong(path, ScalarValues.expected(raw), NodeKind.of(node));
        }
        if (raw == String.class) {
            if (!node.isTextual()) {
                throw BindingException.wrong(path, "text", NodeKind.of(node));
            }
            return node.textValue();
        }
        if (raw == boolean.class || raw == Boolean.class) {
            if (!node.isBoolean()) {
                throw BindingException.wrong(path, "true or false", NodeKind.of(node));
            }
            return node.booleanValue();
        }
        if (raw == long.class || raw == Long.class) {
            return ScalarValues.whole(node, path, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (raw == int.class || raw == Integer.class) {
            return (int) ScalarValues.whole(node, path, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (raw == short.class || raw == Short.class) {
            return (short) ScalarValues.whole(node, path, Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (raw == byte.class || raw == Byte.class) {
            return (byte) ScalarValues.whole(node, path, Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (raw == double.class || raw == Double.class) {
            return ScalarValues.finite(node, path);
        }
        if (raw == float.class || raw == Float.class) {
            return ScalarValues.finiteFloat(node, path);
        }
        if (raw.isEnum()) {
            return ScalarValues.label(node, raw, path);
        }
        if (raw == List.class) {
            return list(node, type, vars, path);
        }
        if (raw == Map.class || raw == SequencedMap.class) {
            return map(node, type, vars, path);
        }
        if (raw.isRecord()) {
            return record(node, type, raw, vars, path);
        }
        if (raw.isInterface() && raw.isSealed() && raw.isAnnotationPresent(JsonTypeInfo.class)) {
            return tagged(node, raw, vars, path);
        }
        throw new IllegalArgumentException("cannot bind JSON to a " + type.getTypeName()
                + " (" + path + "): records, lists, labelled enums, text, numbers and booleans only");
    }


    private List<Object> list(JsonNode node, Type type, Map<TypeVariable<?>, Type> vars, String path) {
        if (!node.isArray()) {
            throw BindingException.wrong(path, "a list", NodeKind.of(node));
        }
        Type element = argument(type, path);
        List<Object> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(value(node.get(i), element, vars, path + "[" + i + "]"));
        }
        return List.copyOf(out);
    }

    private SequencedMap<String, Object> map(JsonNode node, Type type, Map<TypeVariable<?>, Type> vars, String path) {
        if (!node.isObject()) {
            throw BindingException.wrong(path, "an object", NodeKind.of(node));
        }
        if (!(type instanceof ParameterizedType p) || p.getActualTypeArguments()[0] != String.class) {
            throw new IllegalArgumentException("cannot bind JSON to a " + type.getTypeName() + " (" + path
                    + "): a map's keys are text");
        }
        Type valueType = p.getActualTypeArguments()[1];
        SequencedMap<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.put(e.getKey(), value(e.getValue(), valueType, vars, join(path, e.getKey())));
        }
        return Collections.unmodifiableSequencedMap(out);
    }

    private Object tagged(JsonNode node, Class<?> sealed, Map<TypeVariable<?>, Type> vars, String path) {
        if (!node.isObject()) {
            throw BindingException.wrong(path, "an object", NodeKind.of(node));
        }
        String key = sealed.getAnnotation(JsonTypeInfo.class).property();
        List<Class<?>> records = RecordShape.permittedRecords(sealed);
        List<String> tags = records.stream().map(RecordShape::tagOf).toList();
        JsonNode tag = node.get(key);
        int at = tag != null && tag.isTextual() ? tags.indexOf(tag.textValue()) : -1;
        if (at < 0) {
            throw BindingException.wrong(join(path, key), "one of " + String.join(", ", tags), NodeKind.of(tag));
        }
        Class<?> record = records.get(at);
        return record(node, record, record, vars, path);
    }

    private Object record(JsonNode node, Type type, Class<?> raw, Map<TypeVariable<?>, Type> outer, String path) {
        if (!node.isObject()) {
            throw BindingException.wrong(path, "an object", NodeKind.of(node));
        }
        Map<TypeVariable<?>, Type> vars = variables(type, raw, outer);
        RecordShape shape = RecordShape.of(raw);
        List<RecordShape.Component> components = shape.components();
        Object[] args = new Object[components.size()];
        for (int i = 0; i < args.length; i++) {
            RecordShape.Component c = components.get(i);
            RecordComponent rc = c.component();
            Type generic = choices.typeOf(raw, c.key(), rc);
            // An inline record's keys are the enclosing object's own: it is bound from that object.
            args[i] = c.inline() ? value(node, generic, vars, path)
                    : component(present(node.get(c.key())), rc, generic, c.nullWhenEmpty(), vars, join(path, c.key()));
        }
        return construct(shape, args, path);
    }

    private Object component(JsonNode node, RecordComponent rc, Type generic, boolean nullWhenEmpty,
                             Map<TypeVariable<?>, Type> vars, String path) {
        Class<?> type = rc.getType();
        if (!RecordShape.optional(type)) {
            if (node != null && node.isNull() && rc.isAnnotationPresent(NullWhenInfinite.class)
                    && (type == double.class || type == Double.class)) {
                return Double.POSITIVE_INFINITY;
            }
            return value(node, generic, vars, path);
        }
        boolean empty = node == null || nullWhenEmpty && node.isNull();
        if (type == OptionalInt.class) {
            return empty ? OptionalInt.empty() : OptionalInt.of((int) value(node, int.class, vars, path));
        }
        if (type == OptionalLong.class) {
            return empty ? OptionalLong.empty() : OptionalLong.of((long) value(node, long.class, vars, path));
        }
        if (type == OptionalDouble.class) {
            return empty ? OptionalDouble.empty() : OptionalDouble.of((double) value(node, double.class, vars, path));
        }
        return empty ? Optional.empty() : Optional.of(value(node, argument(generic, path), vars, path));
    }

    /** {@code raw} made from its bound components by its canonical constructor, looked up once with its shape. */
    private static Object construct(RecordShape shape, Object[] args, String path) {
        Class<?> raw = shape.type();
        try {
            return shape.canonical().newInstance(args);
        } catch (InvocationTargetException e) {
            // The record refused the values (a negative count, an empty name): the field's error.
            Throwable why = e.getCause();
            if (why instanceof BindingException b) {
                throw b;
            }
            if (why instanceof IllegalArgumentException || why instanceof NullPointerException) {
                throw new BindingException(path, why.getMessage() == null ? "not a valid " + raw.getSimpleName()
                        : why.getMessage());
            }
            throw new IllegalStateException("cannot make a " + raw.getName(), why);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot make a " + raw.getName(), e);
        }
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
