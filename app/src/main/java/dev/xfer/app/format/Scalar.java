package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.util.List;
import java.util.function.LongFunction;

/**
 * One JSON value of a kind, read strictly where databind would coerce ({@code "1"} into a long,
 * {@code 1.5} into an int, {@code 3} into a String, {@code 1e400} into Infinity): anything else is
 * refused, saying what was expected and what came. Null and an absent key are {@link Required}'s.
 */
class Scalar extends StdDeserializer<Object> {
    /** Reads the value the parser is at, or refuses it. */
    @FunctionalInterface
    interface Read {
        Object from(JsonParser p, DeserializationContext ctxt) throws IOException;
    }

    /** What a value of this type is called where there is none (null, or an absent key). */
    final String expected;
    private final Read read;

    Scalar(Class<?> type, String expected, Read read) {
        super(type);
        this.expected = expected;
        this.read = read;
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        return read.from(p, ctxt);
    }

    static Scalar text() {
        return new Scalar(String.class, "text",
                (p, ctxt) -> p.hasToken(JsonToken.VALUE_STRING) ? p.getText() : refuse(p, ctxt, "text"));
    }

    static Scalar truth(Class<?> type) {
        return new Scalar(type, "true or false",
                (p, ctxt) -> p.currentToken().isBoolean() ? p.getBooleanValue() : refuse(p, ctxt, "true or false"));
    }

    /** A whole number from {@code min} to {@code max} ({@code 1.0} is not one). */
    static Scalar whole(Class<?> type, long min, long max, LongFunction<Object> narrow) {
        String range = min == Long.MIN_VALUE ? "a whole number" : "a whole number from " + min + " to " + max;
        return new Scalar(type, "a whole number", (p, ctxt) -> p.hasToken(JsonToken.VALUE_NUMBER_INT)
                && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER && p.getLongValue() >= min
                && p.getLongValue() <= max ? narrow.apply(p.getLongValue()) : refuse(p, ctxt, range));
    }

    /** A finite number: a value that may be missing is an optional, and 1e400 is no double. */
    static Scalar finite(Class<?> type) {
        return new Scalar(type, "a number", (p, ctxt) -> !p.currentToken().isNumeric() ? refuse(p, ctxt, "a number")
                : Double.isFinite(p.getDoubleValue()) ? p.getDoubleValue() : refuse(p, ctxt, "a finite number"));
    }

    /** One of a {@link Labelled} enum's labels, all named in the refusal. */
    static Scalar label(Class<?> type) {
        if (!Labelled.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("cannot bind JSON to the enum " + type.getName()
                    + ": give it a label (implement Labelled)");
        }
        List<?> constants = List.of(type.getEnumConstants());
        List<String> labels = constants.stream().map(c -> ((Labelled) c).label()).toList();
        String oneOf = "one of " + String.join(", ", labels);
        return new Scalar(type, oneOf, (p, ctxt) -> p.hasToken(JsonToken.VALUE_STRING) && labels.contains(p.getText())
                ? constants.get(labels.indexOf(p.getText())) : refuse(p, ctxt, oneOf));
    }

    private static Object refuse(JsonParser p, DeserializationContext ctxt, String expected) throws IOException {
        throw Refusal.wrong(p, ctxt, expected);
    }
}
