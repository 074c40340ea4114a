package dev.xfer.app.stats;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A {@link Summary} as every document writes it. */
class SummaryAsWrittenTest {

    @Test
    void everyFieldInTheOrderEveryDocumentWritesIt() {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) JsonMaps.parse(Json.write(Summary.of(new double[] {1.75, 2.0, 2.5, 2.0, 2.0})));
        assertEquals(List.of("median", "min", "max", "mean", "stddev", "n"), List.copyOf(m.keySet()));
        assertEquals(2.0, m.get("median"));
        assertEquals(5L, m.get("n"));
    }

    /** The record writes what the map every document held before it wrote, byte for byte. */
    @Test
    void writtenAsTheMapItReplaces() {
        Summary s = new Summary(12.5, 11.0, 13.25, 12.25, Double.POSITIVE_INFINITY, 3);
        assertEquals(Json.write(JsonMaps.object("median", 12.5, "min", 11.0, "max", 13.25, "mean", 12.25,
                "stddev", Double.POSITIVE_INFINITY, "n", 3)), Json.write(s));
    }

    /** A NaN median is never written as the null a reader could take for "no figure, no failure". */
    @Test
    void aSummaryThatIsNotAFiniteNumberIsNeverMade() {
        assertThrows(IllegalArgumentException.class, () -> new Summary(Double.NaN, 1.75, 2.5, 2.0625, 0.125, 5));
        assertThrows(IllegalArgumentException.class,
                () -> new Summary(2.0, 1.75, Double.POSITIVE_INFINITY, 2.0625, 0.125, 5));
        assertThrows(IllegalArgumentException.class, () -> new Summary(2.0, Double.NEGATIVE_INFINITY, 2.5, 2.0, 0.1, 5));
        assertThrows(IllegalArgumentException.class, () -> new Summary(1.0, 1.0, 1.0, Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Summary.single(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new Summary(1.0, 1.0, 1.0, 1.0, 0, -1));
    }

    @Test
    void convertedChangesEveryFigureAndKeepsTheCount() {
        Summary s = new Summary(2.0, 1.0, 3.0, 2.0, 0.5, 7);
        assertEquals(new Summary(2e9, 1e9, 3e9, 2e9, 0.5e9, 7), s.converted(v -> v * 1e9));
        assertEquals(new Summary(4.0, 4.0, 4.0, 4.0, 0, 1), Summary.single(4.0));
    }
}
