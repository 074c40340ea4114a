package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads a document's JSON into the records it was written from: jackson-databind, configured once
 * ({@link StrictJson}), by the same annotations {@link Json} writes by, and strictly, so that
 * what xfer writes binds back to an equal record and anything else is one {@link BindingException}
 * naming the field's path ({@code results[0].gbps.median: expected a number, got null}). The
 * rules, kind by kind, are docs/development.md's "Typed documents"; where they differ from
 * databind's own, {@link StrictValues}. What is not xfer's to bind (a plain class, an enum
 * without labels, a map of {@code Object}, an open interface without a choice) is a programming
 * error ({@link IllegalArgumentException}), found by the first test that binds the record.
 */
public final class RecordBinder {
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

    /** The choices of a binder, by owner record and component key: an attribute of each read, for {@link Chosen}. */
    record Choices(Map<Map.Entry<Class<?>, String>, Choice> byComponent) {
        Choice of(Class<?> owner, String key) {
            return byComponent.get(Map.entry(owner, key));
        }

        Choices with(Class<?> owner, String key, Choice choice) {
            Map<Map.Entry<Class<?>, String>, Choice> more = new HashMap<>(byComponent);
            more.put(Map.entry(owner, key), choice);
            return new Choices(Map.copyOf(more));
        }
    }

    public RecordBinder() {
        this(new Choices(Map.of()));
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

    /**
     * Parses {@code text} and binds it as the record {@code choice} picks from its top-level keys
     * (a document that is one of several shapes: one GPU's, several GPUs', --runs N's).
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     * @throws BindingException when the JSON does not fit the record picked, or none fits
     */
    public Object read(String text, Choice choice) {
        JsonNode root = parse(text);
        return bind(root, Chosen.pick(choice, root), "");
    }

    /**
     * As {@link #read(String, Choice)}, with the binder {@code by} picks from the document's
     * top-level keys: where which record an inner object is depends on the whole document (a
     * pattern run's GPU documents carry the patterns' plan), not on that object's own keys.
     */
    public Object read(String text, Function<Fields, RecordBinder> by, Choice choice) {
        JsonNode root = parse(text);
        RecordBinder binder = root.isObject() ? by.apply(new Fields(root)) : this;
        return binder.bind(root, Chosen.pick(choice, root), "");
    }

    /**
     * Binds {@code node} to {@code type}.
     *
     * @param path where {@code node} is in the document ({@code devices[1].disturbances}), {@code ""} at its root
     */
    public <T> T bind(JsonNode node, Class<T> type, String path) {
        return type.cast(bind(node, (Type) type, path));
    }

    /** As {@link #bind(JsonNode, Class, String)}, for a generic type such as {@code List<Disturbance>}. */
    public Object bind(JsonNode node, Type type, String path) {
        if (node == null || node.isMissingNode()) {
            throw new BindingException(path, "expected a value, got nothing");
        }
        try {
            return StrictJson.BINDING.forType(StrictJson.BINDING.getTypeFactory().constructType(type))
                    .withAttribute(Choices.class, choices).readValue(node);
        } catch (JsonMappingException e) {
            throw Refusal.said(e, path);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a tree is read from memory
        }
    }

    /**
     * Parses {@code text}, one JSON value (strict RFC 8259, duplicate keys refused, nothing after
     * it), into Jackson's tree, its floats kept as written ({@code 1e400} is bound, and refused,
     * as 1E+400): what every reader of a document checks first.
     *
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     */
    public static JsonNode parse(String text) {
        try (JsonParser parser = new NegativeZero(StrictJson.MAPPER.createParser(text))) {
            JsonNode root = StrictJson.MAPPER.readTree(parser);
            if (root == null) {
                throw new IllegalArgumentException("invalid JSON at line 1, column 1: unexpected end of input, expected a value");
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException(StrictJson.invalid(parser.currentTokenLocation(),
                        "unexpected " + parser.getText() + " after the value"));
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(StrictJson.invalid(e.getLocation(), JsonSyntaxMessage.plain(e.getOriginalMessage())));
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
}
