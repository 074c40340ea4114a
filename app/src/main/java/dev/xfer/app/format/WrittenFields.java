package dev.xfer.app.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A record's fields as its document writes them, for a reader that walks bound records without
 * knowing their classes (output/DocumentResults finds a row's identity and summaries this way):
 * each component's key ({@code @JsonProperty} applied) and value, in order, a
 * {@code @JsonUnwrapped} record's fields in place of it. The layout is {@link RecordShape}'s, the one the writer and the
 * binder use.
 */
public final class WrittenFields {
    private WrittenFields() {
    }

    /** One field: its key in the document and the component's value as the record holds it. */
    public record Field(String key, Object value) {
    }

    /** The fields of {@code record}, inline ones flattened. */
    public static List<Field> of(Record record) {
        List<Field> out = new ArrayList<>();
        add(record, out);
        return List.copyOf(out);
    }

    /** The value of {@code key} among {@code fields}, {@link #plain}; null when absent or empty. */
    public static Object value(List<Field> fields, String key) {
        for (Field f : fields) {
            if (f.key().equals(key)) {
                return plain(f.value());
            }
        }
        return null;
    }

    /**
     * A component's value as a document holds it: an empty optional is no value (null), a present
     * one its content; whole numbers as {@code Long}, an enum by its label.
     */
    public static Object plain(Object value) {
        return switch (value) {
            case null -> null;
            case java.util.Optional<?> o -> o.map(WrittenFields::plain).orElse(null);
            case java.util.OptionalInt o -> o.isPresent() ? (Object) (long) o.getAsInt() : null;
            case java.util.OptionalLong o -> o.isPresent() ? (Object) o.getAsLong() : null;
            case java.util.OptionalDouble o -> o.isPresent() ? (Object) o.getAsDouble() : null;
            case Integer n -> (long) n;
            case Short n -> (long) n;
            case Byte n -> (long) n;
            case Labelled l -> l.label();
            default -> value;
        };
    }

    /** The keys of a map component's value (its written object's keys), in order; empty for anything else. */
    public static List<String> keysOf(Object value) {
        return value instanceof Map<?, ?> map ? map.keySet().stream().map(String::valueOf).toList() : List.of();
    }

    private static void add(Record record, List<Field> out) {
        for (RecordShape.Component c : RecordShape.of(record.getClass()).components()) {
            Object value = c.valueOf(record);
            if (c.inline() && value instanceof Record inner) {
                add(inner, out);
            } else if (c.inline() && value instanceof Map<?, ?> map) {
                map.forEach((k, v) -> out.add(new Field(String.valueOf(k), v)));
            } else {
                out.add(new Field(c.key(), value));
            }
        }
    }
}
