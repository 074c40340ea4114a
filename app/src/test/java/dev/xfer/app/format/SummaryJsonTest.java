package dev.xfer.app.format;

import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SummaryJsonTest {

    @Test
    void everyFieldInTheOrderEveryDocumentWritesIt() {
        Map<String, Object> m = SummaryJson.of(new Summary(5, 2.0, 1.75, 2.5, 2.0625, 0.125));
        assertEquals(List.of("median", "min", "max", "mean", "stddev", "n"), List.copyOf(m.keySet()));
        assertEquals(List.of(2.0, 1.75, 2.5, 2.0625, 0.125, 5), List.copyOf(m.values()));
    }

    /** A NaN median is never written as the null a reader could take for "no figure, no failure". */
    @Test
    void aSummaryThatIsNotAFiniteNumberIsNeverWritten() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SummaryJson.of(new Summary(5, Double.NaN, 1.75, 2.5, 2.0625, 0.125)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SummaryJson.of(new Summary(5, 2.0, 1.75, Double.POSITIVE_INFINITY, 2.0625, 0.125)));
    }
}
