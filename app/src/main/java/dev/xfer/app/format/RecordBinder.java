package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a document's JSON into the records it was written from: jackson-databind, configured once,
 * by the same annotations {@link Json} writes by, and strictly, so that what xfer writes binds
 * back to an equal record and anything else is one {@link BindingException} naming the field's
 * path ({@code results[0].gbps.median: expected a number, got null}). The rules, kind by kind,
 * are docs/development.md's "Typed documents". Databind's own settings refuse a coercion
 * ({@code "1"} for a number, {@code 1.5} for a whole number, {@code 3} for text, a number for an
 * enum), a null and an absent value; what they cannot say is {@link Strict}'s. What is not xfer's
 * to bind (a plain class, an enum without labels, a map of {@code Object}, an open interface
 * without a choice) is a programming error ({@link IllegalArgumentException}), found by the first
 * test that binds the record.
 *
 * <p>Hand-written here: databind's refusal said in xfer's words ({@link #said}): the path, what
 * the type expected, and what the document holds there, looked up in the parsed tree; the parser
 * binding reads through ({@link Bound}: a double is finite); a negative zero kept in the tree
 * ({@link NegativeZero}).
 */
public final class RecordBinder {
    /** The deepest nesting read, as deep as {@link Json} writes; the longest string, Jackson's default. */
    private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(Json.MAX_DEPTH).maxStringLength(20_000_000).build();

    /**
     * Parses with duplicate keys refused (a second {@code "median"} must not quietly win) and
     * floats kept as written (BigDecimal), so 1e400 is reported as 1E+400 and refused, never read
     * as Infinity; binds (without BigDecimals: the tree holds them) with unknown keys ignored, for
     * documents of a newer xfer.
     */
    static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(LIMITS).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .addModule(new Jdk8Module())
            .addModule(new Strict())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(LogicalType.Textual, text -> text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail).setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            // A null or an absent value is refused, in a record (in its components' order), a list or a map.
            // (but an optional's and a reason's, which are their deserializers': Strict)
            .defaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
            .build();

    private static final ObjectReader BINDING = MAPPER.reader().without(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** What a component of an open interface binds as, by owner record and component key: an attribute of each read, for {@link Chosen}. */
    private final Map<Map.Entry<Class<?>, String>, Choice> choices;

    /**
     * Which record an object of an open interface is, read off its keys ({@code node.has("devices")});
     * {@code null} when none fits (a {@link BindingException} at its path).
     */
    @FunctionalInterface
    public interface Choice {
        Class<?> of(JsonNode object);
    }

    public RecordBinder() {
        this(Map.of());
    }

    private RecordBinder(Map<Map.Entry<Class<?>, String>, Choice> choices) {
        this.choices = choices;
    }

    /**
     * This binder, with {@code owner}'s component {@code key} (or each element of it, for a list)
     * bound as the record {@code choice} picks: how a document's open parts
     * ({@code GpuDocument.parameters}, its rows) bind to the command's own records.
     */
    public RecordBinder choosing(Class<?> owner, String key, Choice choice) {
        Map<Map.Entry<Class<?>, String>, Choice> more = new HashMap<>(choices);
        more.put(Map.entry(owner, key), choice);
        return new RecordBinder(Map.copyOf(more));
    }

    /** As {@link #choosing(Class, String, Choice)}, always the one record {@code concrete}. */
    public RecordBinder choosing(Class<?> owner, String key, Class<?> concrete) {
        return choosing(owner, key, object -> concrete);
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

    /**
     * Parses {@code text} and binds it as the record {@code choice} picks from its top-level keys
     * (a document that is one of several shapes: one GPU's, several GPUs', --runs N's).
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     * @throws BindingException when the JSON does not fit the record picked, or none fits
     */
    public Object read(String text, Choice choice) {
        return read(text, root -> this, choice);
    }

    /**
     * As {@link #read(String, Choice)}, with the binder {@code by} picks from the document's
     * top-level keys: where which record an inner object is depends on the whole document (a
     * pattern run's GPU documents carry the patterns' plan), not on that object's own keys.
     */
    public Object read(String text, Function<JsonNode, RecordBinder> by, Choice choice) {
        JsonNode root = parse(text);
        return by.apply(root).bind(root, Chosen.pick(choice, root), "");
    }

    /**
     * Binds {@code node} to {@code type}.
     *
     * @param path where {@code node} is in the document ({@code devices[1].disturbances}), {@code ""} at its root
     */
    public <T> T bind(JsonNode node, Class<T> type, String path) {
        if (node == null || node.isMissingNode()) {
            throw new BindingException(path, "expected a value, got nothing");
        }
        if (node.isNull()) {
            // Databind hands a null at the root back as null, never asking the type's deserializer.
            throw BindingException.wrong(path, words(type, node), NodeKind.of(node));
        }
        try {
            return BINDING.forType(type).withAttribute(Choice.class, choices).readValue(new Bound(node));
        } catch (JsonMappingException e) {
            throw said(e, path, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a tree is read from memory
        }
    }

    /**
     * Parses {@code text}, one JSON value (strict RFC 8259, duplicate keys refused, nothing after
     * it), into Jackson's tree, its floats kept as written: what every reader of a document checks first.
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}, in plain words ({@link JsonSyntaxMessage})
     */
    public static JsonNode parse(String text) {
        try (JsonParser parser = new NegativeZero(MAPPER.createParser(text))) {
            JsonNode root = MAPPER.readTree(parser);
            // The words these two cases have always had in xfer's messages (a reader prefixes "not JSON: ").
            if (root == null) {
                throw new IllegalArgumentException("the file is empty");
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("more text after the document");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw invalid(e.getLocation(), JsonSyntaxMessage.plain(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The place is left out where the parser gives none (a limit's refusal comes without one). */
    private static IllegalArgumentException invalid(JsonLocation at, String why) {
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return new IllegalArgumentException("invalid JSON" + where + ": " + why);
    }

    /**
     * Databind's refusal to bind {@code root} as the exception {@link RecordBinder} throws: at the
     * field's path, what the type there expected and what the document holds there; a record's own
     * check (its compact constructor) as the field's error; a type that cannot be bound as a
     * programming error.
     */
    private static RuntimeException said(JsonMappingException e, String at, JsonNode root) {
        StringBuilder path = new StringBuilder(at);
        JsonPointer pointer = JsonPointer.empty();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
                pointer = pointer.appendProperty(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
                pointer = pointer.appendIndex(r.getIndex());
            }
        }
        JsonNode node = root.at(pointer);
        Class<?> expected = e instanceof InvalidNullException n ? contentOf(n.getPath()).orElse(n.getTargetType())
                : e instanceof MismatchedInputException m ? m.getTargetType() : null;
        return switch (e) {
            case InvalidTypeIdException t when node.isObject() -> {
                String tag = t.getBaseType().getRawClass().getAnnotation(JsonTypeInfo.class).property();
                yield BindingException.wrong(path + (path.isEmpty() ? "" : ".") + tag, "one of " + tags(t.getBaseType().getRawClass()),
                        NodeKind.of(node.get(tag)));
            }
            case InvalidTypeIdException t -> BindingException.wrong(path.toString(), "an object", NodeKind.of(node));
            case ValueInstantiationException v -> checked(v, path.toString());
            case InvalidDefinitionException d -> new IllegalArgumentException(d.getOriginalMessage(), d);
            default -> expected == null ? new BindingException(path.toString(), e.getOriginalMessage().lines().findFirst().orElse(""))
                    : BindingException.wrong(path.toString(), words(expected, node), NodeKind.of(node));
        };
    }

    /**
     * The declared type of a null refused inside a list or map: databind names the container's type
     * (for an {@code Optional<Map<String, Integer>>}, the map), so it is walked here from the last
     * record on the path through its component's generic type; empty where it cannot be told.
     */
    private static Optional<Class<?>> contentOf(List<JsonMappingException.Reference> path) {
        JavaType type = null;
        for (JsonMappingException.Reference r : path) {
            Class<?> owner = r.getFrom() instanceof Class<?> c ? c : r.getFrom() == null ? null : r.getFrom().getClass();
            if (owner != null && owner.isRecord() && r.getFieldName() != null) {
                type = Arrays.stream(owner.getRecordComponents()).filter(c -> c.getName().equals(r.getFieldName())).findFirst()
                        .map(c -> MAPPER.constructType(c.getGenericType())).orElse(null);
            } else {
                type = type == null ? null : type.getContentType(); // a list's element, a map's value
            }
            type = type != null && type.isReferenceType() ? type.getContentType() : type; // an optional's value
        }
        // A type variable is Object here; databind's own word on it is then the better one.
        return Optional.ofNullable(type).<Class<?>>map(JavaType::getRawClass).filter(c -> c != Object.class);
    }

    /** What a value of {@code type} is called, where {@code found} is not one. */
    private static String words(Class<?> type, JsonNode found) {
        if (type == double.class || type == Double.class || type == OptionalDouble.class) {
            return found.isNumber() ? "a finite number" : "a number";
        }
        if (type == int.class || type == Integer.class || type == OptionalInt.class) {
            return found.isNull() || found.isMissingNode() ? "a whole number"
                    : "a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (type == long.class || type == Long.class || type == OptionalLong.class) {
            return "a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> ((Labelled) c).label()).collect(Collectors.joining(", "));
        }
        return type == String.class ? "text" : Collection.class.isAssignableFrom(type) ? "a list" : "an object";
    }

    /** The tags of a sealed interface's records, in its {@code @JsonSubTypes} order. */
    private static String tags(Class<?> sealed) {
        return Arrays.stream(sealed.getAnnotation(JsonSubTypes.class).value())
                .map(t -> t.value().getAnnotation(JsonTypeName.class).value()).collect(Collectors.joining(", "));
    }

    /** The record refused the values (a negative count, an empty name): the field's error. */
    private static RuntimeException checked(ValueInstantiationException e, String path) {
        Throwable why = e.getCause();
        String record = e.getType().getRawClass().getSimpleName();
        String message = why == null || why.getMessage() == null ? "not a valid " + record : why.getMessage();
        return switch (why) {
            case BindingException b -> b; // it names its own path (FieldChecks)
            case IllegalArgumentException _, NullPointerException _ -> new BindingException(path, message);
            case null, default -> new IllegalStateException("cannot make a " + record, why);
        };
    }

    /**
     * What binding reads the tree through: a double that is not finite ({@code 1e400}, kept as
     * written) refused, where databind would read Infinity; and a whole number beyond its type
     * refused as databind's own refusals are, not as the parser's, which a map passes up without
     * the value's key in the path.
     */
    static final class Bound extends JsonParserDelegate {
        Bound(JsonNode node) throws IOException {
            super(node.traverse());
            nextToken();
        }

        @Override
        public double getDoubleValue() throws IOException {
            double value = super.getDoubleValue();
            if (!Double.isFinite(value)) {
                throw MismatchedInputException.from(this, double.class, "not finite");
            }
            return value;
        }

        @Override
        public int getIntValue() throws IOException {
            return (int) whole(true);
        }

        @Override
        public long getLongValue() throws IOException {
            return whole(false);
        }

        private long whole(boolean asInt) throws IOException {
            try {
                return asInt ? super.getIntValue() : super.getLongValue();
            } catch (InputCoercionException e) {
                throw MismatchedInputException.from(this, e.getTargetType(), e.getOriginalMessage());
            }
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
}
