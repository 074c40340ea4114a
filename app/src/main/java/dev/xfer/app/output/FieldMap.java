package dev.xfer.app.output;

import dev.xfer.app.format.Inline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command's parameters, a row or its extras still built as a map (its {@code *Json} class's), in
 * the typed document until the command has a record of its own: written as the map's own object,
 * keys in the map's order. Replacing {@code FieldMap.of(FooJson.parameters(r))} with the command's
 * record is then a change at that one call.
 */
public record FieldMap(@Inline Map<String, Object> fields) implements Parameters, Row, Extras {
    /** Nothing: no parameters, no extras. */
    public static final FieldMap EMPTY = new FieldMap(Map.of());

    public FieldMap {
        // A sequenced map, so the writer keeps the order the command built it in.
        fields = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(fields));
    }

    public static FieldMap of(Map<String, Object> fields) {
        return new FieldMap(fields);
    }

    /** Each of a {@code *Json} class's rows (maps). */
    @SuppressWarnings("unchecked")
    public static List<Row> rows(List<?> rows) {
        return rows.stream().<Row>map(r -> switch (r) {
            case Row row -> row;
            case Map<?, ?> m -> new FieldMap((Map<String, Object>) m);
            default -> throw new IllegalArgumentException("a row is a map or a Row, not " + r.getClass().getName());
        }).toList();
    }
}
