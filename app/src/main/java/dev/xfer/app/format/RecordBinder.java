package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SequencedMap;

/**
 * Binds a JSON tree to a record by the rules {@link JsonWriter} writes it with, strictly: what
 * xfer writes binds back to an equal record, and anything else is one {@link BindingException}
 * naming the field's path ({@code results[0].gbps.median: expected a number, got null}).
 *
 * <ul>
 *   <li>A record is an object; each component is the key of its name. A key that is absent or
 *       null is an error ({@code got nothing}, {@code got null}) unless the component is an
 *       {@code Optional}/{@code OptionalInt}/{@code OptionalLong}/{@code OptionalDouble}: absent
 *       is empty, and null is empty only where it is {@link NullWhenEmpty} (as it is written).</li>
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
 *   <li>A sealed interface marked {@link Discriminator}: an object whose discriminator key names
 *       the {@link Tag} of one of its records, bound as that record.</li>
 *   <li>A record's own checks (its compact constructor) that fail are the field's error too.</li>
 * </ul>
 * Types outside these (a map of other keys or of {@code Object} values, an enum without labels, a plain class or
 * an open interface without a choice) are a programming error
 * ({@link IllegalArgumentException}), found by the first test that binds the record.
 */
public final class RecordBinder {
    // Floats kept as BigDecimal so 1e400 is reported as written, not as Infinity. One for every
    // binder: a configured ObjectMapper is thread-safe, and choosing() makes a binder per choice.
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** What a component of an open interface binds as: owner record, then component key. */
    private final Map<Class<?>, Map<String, Choice>> choices;

    /**
     * Which record an object of an open interface is, read off its keys; {@code null} when none
     * fits (a {@link BindingException} at its path).
     */
    @FunctionalInterface
    public interface Choice {
        Class<?> of(Fields fields);
    }

    public RecordBinder() {
        this(Map.of());
    }

    private RecordBinder(Map<Class<?>, Map<String, Choice>> choices) {
        this.choices = choices;
    }

    /**
     * This binder, with {@code owner}'s component {@code key} (or each element of it, for a list)
     * bound as the record {@code choice} picks: how a document's open parts
     * ({@code GpuDocument.parameters}, its rows) bind to the command's own records.
     */
    public RecordBinder choosing(Class<?> owner, String key, Choice choice) {
        Map<Class<?>, Map<String, Choice>> more = new HashMap<>(choices);
        Map<String, Choice> own = new HashMap<>(more.getOrDefault(owner, Map.of()));
        own.put(key, choice);
        more.put(owner, Map.copyOf(own));
        return new RecordBinder(Map.copyOf(more));
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
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new IllegalArgumentException("invalid JSON" + where + ": " + JsonSyntaxMessage.plain(e.getOriginalMessage()));
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
        return bind(parse(text), new Chosen(choice), "");
    }

    /**
     * As {@link #read(String, Choice)}, with the binder {@code by} picks from the document's
     * top-level keys: where which record an inner object is depends on the whole document (a
     * pattern run's GPU documents carry the patterns' plan), not on that object's own keys.
     */
    public Object read(String text, java.util.function.Function<Fields, RecordBinder> by, Choice choice) {
        JsonNode root = parse(text);
        RecordBinder binder = root != null && root.isObject() ? by.apply(new Fields(root)) : this;
        return binder.value(present(root), new Chosen(choice), Map.of(), "");
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
        if (type instanceof Chosen chosen) {
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
            throw BindingException.wrong(path, expected(raw), NodeKind.of(node));
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
            return whole(node, path, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (raw == int.class || raw == Integer.class) {
            return (int) whole(node, path, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (raw == short.class || raw == Short.class) {
            return (short) whole(node, path, Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (raw == byte.class || raw == Byte.class) {
            return (byte) whole(node, path, Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (raw == double.class || raw == Double.class) {
            return finite(node, path);
        }
        if (raw == float.class || raw == Float.class) {
            float f = (float) finite(node, path);
            if (!Float.isFinite(f)) {
                throw BindingException.wrong(path, "a finite number", NodeKind.of(node));
            }
            return f;
        }
        if (raw.isEnum()) {
            return label(node, raw, path);
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
        if (raw.isInterface() && raw.isSealed() && raw.isAnnotationPresent(Discriminator.class)) {
            return tagged(node, raw, vars, path);
        }
        throw new IllegalArgumentException("cannot bind JSON to a " + type.getTypeName()
                + " (" + path + "): records, lists, labelled enums, text, numbers and booleans only");
    }

    private static long whole(JsonNode node, String path, long min, long max) {
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
            throw BindingException.wrong(path, min == Long.MIN_VALUE ? "a whole number"
                    : "a whole number from " + min + " to " + max, NodeKind.of(node));
        }
        return node.longValue();
    }

    private static double finite(JsonNode node, String path) {
        if (!node.isNumber()) {
            throw BindingException.wrong(path, "a number", NodeKind.of(node));
        }
        double value = node.doubleValue();
        if (!Double.isFinite(value)) {
            throw BindingException.wrong(path, "a finite number", NodeKind.of(node));
        }
        return value;
    }

    private static Object label(JsonNode node, Class<?> type, String path) {
        if (!Labelled.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("cannot bind JSON to the enum " + type.getName()
                    + ": give it a label (implement Labelled)");
        }
        List<String> labels = RecordShape.labels(type);
        if (node.isTextual()) {
            int at = labels.indexOf(node.textValue());
            if (at >= 0) {
                return type.getEnumConstants()[at];
            }
        }
        throw BindingException.wrong(path, "one of " + String.join(", ", labels), NodeKind.of(node));
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
        String key = sealed.getAnnotation(Discriminator.class).value();
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
        Class<?>[] types = new Class<?>[components.size()];
        for (int i = 0; i < args.length; i++) {
            RecordShape.Component c = components.get(i);
            RecordComponent rc = c.component();
            types[i] = rc.getType();
            Type generic = chosen(raw, c.key(), rc);
            // An inline record's keys are the enclosing object's own: it is bound from that object.
            args[i] = c.inline() ? value(node, generic, vars, path)
                    : component(present(node.get(c.key())), rc, generic, c.nullWhenEmpty(), vars, join(path, c.key()));
        }
        return construct(raw, types, args, path);
    }

    /** The component's type, or the choice made for it: for a list, of each element. */
    private Type chosen(Class<?> owner, String key, RecordComponent rc) {
        Choice choice = choices.getOrDefault(owner, Map.of()).get(key);
        if (choice == null) {
            return rc.getGenericType();
        }
        Chosen chosen = new Chosen(choice);
        return rc.getType() == List.class ? new ListOf(chosen)
                : rc.getType() == Optional.class ? new OptionalOf(chosen) : chosen;
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

    private static Object construct(Class<?> raw, Class<?>[] types, Object[] args, String path) {
        Constructor<?> canonical;
        try {
            canonical = raw.getDeclaredConstructor(types);
            canonical.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(raw.getName() + " has no canonical constructor", e);
        }
        try {
            return canonical.newInstance(args);
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

    /** The type variables of a generic record as {@code type} gives them, on top of the enclosing ones. */
    private static Map<TypeVariable<?>, Type> variables(Type type, Class<?> raw, Map<TypeVariable<?>, Type> outer) {
        TypeVariable<?>[] params = raw.getTypeParameters();
        if (params.length == 0) {
            return outer;
        }
        if (!(type instanceof ParameterizedType p)) {
            throw new IllegalArgumentException("cannot bind the generic " + raw.getName() + " without its type arguments");
        }
        Map<TypeVariable<?>, Type> vars = new HashMap<>(outer);
        Type[] args = p.getActualTypeArguments();
        for (int i = 0; i < params.length; i++) {
            vars.put(params[i], resolved(args[i], outer));
        }
        return vars;
    }

    private static Type resolved(Type type, Map<TypeVariable<?>, Type> vars) {
        if (type instanceof WildcardType w && w.getLowerBounds().length == 0 && w.getUpperBounds().length == 1) {
            // List<? extends Row>: bound as its bound (a choice, when the bound is an open interface).
            return resolved(w.getUpperBounds()[0], vars);
        }
        if (type instanceof TypeVariable<?> v) {
            Type bound = vars.get(v);
            if (bound == null) {
                throw new IllegalArgumentException("cannot bind the type variable " + v.getName());
            }
            return bound;
        }
        return type;
    }

    private static Class<?> raw(Type type) {
        return switch (type) {
            case Class<?> c -> c;
            case ParameterizedType p -> (Class<?>) p.getRawType();
            default -> throw new IllegalArgumentException("cannot bind JSON to a " + type.getTypeName());
        };
    }

    private static Type argument(Type type, String path) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[0];
        }
        throw new IllegalArgumentException("cannot bind a raw " + type.getTypeName() + " (" + path + ")");
    }

    /** A component whose record a {@link Choice} picks from the object's keys. */
    private record Chosen(Choice choice) implements Type {
        @Override
        public String getTypeName() {
            return "a chosen record";
        }
    }

    /** {@code List<chosen>}. */
    private record ListOf(Type element) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return new Type[] {element};
        }

        @Override
        public Type getRawType() {
            return List.class;
        }

        @Override
        public Type getOwnerType() {
            return null;
        }
    }

    /** {@code Optional<chosen>}. */
    private record OptionalOf(Type element) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return new Type[] {element};
        }

        @Override
        public Type getRawType() {
            return Optional.class;
        }

        @Override
        public Type getOwnerType() {
            return null;
        }
    }

    /** What a value of {@code type} is, in a message's words. */
    private static String expected(Class<?> type) {
        if (type == String.class) {
            return "text";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class
                || type == short.class || type == Short.class || type == byte.class || type == Byte.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type.isEnum() && Labelled.class.isAssignableFrom(type)) {
            return "one of " + String.join(", ", RecordShape.labels(type));
        }
        if (type == List.class) {
            return "a list";
        }
        return "an object";
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
