package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonAnyGetter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test code only: parameters, a row or extras given as a map, written as the map's own object,
 * keys in the map's order. Every command writes records ({@code docs/development.md}, "The
 * measuring envelope"); tests use this for documents of a fake command and to show that a record
 * writes the bytes its map did ({@code RecordRowsTest}). {@code @JsonAnyGetter}: databind unwraps
 * records only; a map's entries stand in the enclosing object this way.
 */
public record FieldMap(@JsonAnyGetter Map<String, Object> fields) implements Parameters, Row, Extras {
    public FieldMap {
        // A sequenced map, so the writer keeps the order the command built it in.
        fields = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(fields));
    }

    /** None: a map's keys are no plan's typed fields; a test that reads results binds the written document. */
    @Override
    public void identity(IdentityFields into) {
    }

    /** None, as above: the gates read results from a command's row records, never from a map. */
    @Override
    public List<dev.xfer.app.result.Result> results(RowScope scope) {
        return List.of();
    }

    /** No figure and no check, as above. */
    @Override
    public dev.xfer.app.result.MeasuringDocument.Row status() {
        return RowStatus.judged(false).row();
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
