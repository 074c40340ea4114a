package dev.xfer.app.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MedianTest {
    @Test
    void anEvenCountTakesTheMeanOfTheTwoMiddleValues() {
        assertEquals(2.5, Median.of(new double[] {4, 1, 3, 2}));
        assertEquals(3, Median.of(new double[] {5, 1, 3}));
        assertEquals(Double.NaN, Median.of(new double[0]));
    }

    @Test
    void twoValuesNearTheTopOfTheRangeDoNotOverflow() {
        double big = Double.MAX_VALUE;
        assertEquals(big * 0.75, Median.of(new double[] {big / 2, big}));
    }

    @Test
    void theCallersArrayIsLeftAlone() {
        double[] values = {3, 1, 2};
        Median.of(values);
        assertTrue(Arrays.equals(new double[] {3, 1, 2}, values));
    }

    @Test
    void theMadIsTheMedianDistanceFromTheMedian() {
        double[] values = {1, 2, 3, 4, 100};
        // distances from 3: 2, 1, 0, 1, 97
        assertEquals(1, Median.absoluteDeviation(values, Median.of(values)));
    }

    @Test
    void theZScoreScalesTheMadToAStandardDeviation() {
        assertEquals(-3.5, Median.zScore(10 - 3.5 * 1.4826 * 2, 10, 2), 1e-12);
        assertEquals(0, Median.zScore(10, 10, 2));
    }

    /** The correctly rounded midpoint: what (a + b) / 2 gives wherever the sum is finite. */
    @Property
    void anEvenCountsMedianIsTheCorrectlyRoundedMidpoint(
            @ForAll @Size(min = 1, max = 20) List<@DoubleRange(min = -1e6, max = 1e6) Double> half,
            @ForAll @DoubleRange(min = -1e6, max = 1e6) double extra) {
        double[] values = new double[half.size() * 2];
        for (int i = 0; i < half.size(); i++) {
            values[2 * i] = half.get(i);
            values[2 * i + 1] = half.get(i) * 0.37 + extra;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        assertEquals((sorted[n / 2 - 1] + sorted[n / 2]) / 2, Median.of(values));
    }
}
