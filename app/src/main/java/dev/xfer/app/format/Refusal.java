package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.io.IOException;
import java.util.List;

/**
 * A value {@link StrictValues} refused, in a {@link BindingException}'s words without the path
 * ({@code expected a number, got null}). Databind adds the path as the refusal passes out through
 * the records, lists and maps that hold the value; {@link #said} makes it the one line xfer gives.
 */
final class Refusal extends JsonMappingException {
    Refusal(DeserializationContext ctxt, String why) {
        super(ctxt.getParser(), why);
    }

    /** {@code expected <expected>, got <the value p is at>}; reads past that value. */
    static Refusal wrong(JsonParser p, DeserializationContext ctxt, String expected) throws IOException {
        return new Refusal(ctxt, "expected " + expected + ", got " + NodeKind.of(ctxt.readTree(p)));
    }

    /** {@code expected <expected>, got null} or {@code got nothing} (an absent key). */
    static Refusal none(DeserializationContext ctxt, String expected, boolean absent) {
        return new Refusal(ctxt, "expected " + expected + ", got " + (absent ? "nothing" : "null"));
    }

    /**
     * Databind's refusal to bind as the exception {@link RecordBinder} throws: a value's refusal
     * or a record's own check (its compact constructor) at the field's path, a type that cannot
     * be bound as a programming error.
     *
     * @param at where the bound value is in the document, {@code ""} at its root
     */
    static RuntimeException said(JsonMappingException e, String at) {
        String path = path(at, e.getPath());
        return switch (e) {
            case Refusal r -> new BindingException(path, r.getOriginalMessage());
            case ValueInstantiationException v -> checked(v, path);
            case InvalidDefinitionException d -> new IllegalArgumentException(d.getOriginalMessage(), d);
            default -> new BindingException(path, String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse(""));
        };
    }

    /** The record refused the values (a negative count, an empty name): the field's error. */
    private static RuntimeException checked(ValueInstantiationException e, String path) {
        Throwable why = e.getCause();
        String record = e.getType().getRawClass().getSimpleName();
        return switch (why) {
            case BindingException b -> b; // it names its own path (FieldChecks)
            case IllegalArgumentException i -> new BindingException(path, message(i, record));
            case NullPointerException n -> new BindingException(path, message(n, record));
            case null, default -> new IllegalStateException("cannot make a " + record, why);
        };
    }

    private static String message(RuntimeException e, String record) {
        return e.getMessage() == null ? "not a valid " + record : e.getMessage();
    }

    /** {@code devices[1].results[0].gbps}: fields joined by dots, list elements by index. */
    private static String path(String at, List<Reference> references) {
        StringBuilder path = new StringBuilder(at);
        for (Reference r : references) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
