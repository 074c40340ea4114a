package dev.xfer.app.format;

import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WrittenSummaryTest {

    @Test
    void everyFieldInTheOrderEveryDocumentWritesIt() {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse(Json.write(
                WrittenSummary.of(new Summary(5, 2.0, 1.75, 2.5, 2.0625, 0.125))));
        assertEquals(List.of("median", "min", "max", "mean", "stddev", "n"), List.copyOf(m.keySet()));
        assertEquals(List.of(2.0, 1.75, 2.5, 2.0625, 0.125, 5L), List.copyOf(m.values()));
    }

    /** The record writes what the map every document held before it wrote, byte for byte. */
    @Test
    void writtenAsTheMapItReplaces() {
        Summary s = new Summary(3, 12.5, 11.0, 13.25, 12.25, Double.POSITIVE_INFINITY);
        assertEquals(Json.write(Json.object("median", 12.5, "min", 11.0, "max", 13.25, "mean", 12.25,
                "stddev", Double.POSITIVE_INFINITY, "n", 3)), Json.write(WrittenSummary.of(s)));
    }

    /** A NaN median is never written as the null a reader could take for "no figure, no failure". */
    @Test
    void aSummaryThatIsNotAFiniteNumberIsNeverWritten() {
        assertThrows(IllegalArgumentException.class,
                () -> WrittenSummary.of(new Summary(5, Double.NaN, 1.75, 2.5, 2.0625, 0.125)));
        assertThrows(IllegalArgumentException.class,
                () -> WrittenSummary.of(new Summary(5, 2.0, 1.75, Double.POSITIVE_INFINITY, 2.0625, 0.125)));
        assertThrows(IllegalArgumentException.class,
                () -> new WrittenSummary(2.0, Double.NEGATIVE_INFINITY, 2.5, 2.0, 0.1, 5));
        assertThrows(IllegalArgumentException.class, () -> WrittenSummary.of(new Summary(1, 1.0, 1.0, 1.0, Double.NaN, 0)));
    }
}
