package dev.xfer.app.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SummaryTest {

    @Test
    void summarisesAnOddCount() {
        Summary s = Summary.of(new double[] {3, 1, 2});
        assertEquals(new Summary(2, 1, 3, 2, 1, 3), s);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        Summary s = Summary.of(new double[] {4, 1, 3, 2});
        assertEquals(2.5, s.median());
        assertEquals(2.5, s.mean());
        assertEquals(Math.sqrt(5.0 / 3), s.stddev(), 1e-15);
    }

    @Test
    void aSingleSampleHasNoSpread() {
        assertEquals(new Summary(7, 7, 7, 7, 0, 1), Summary.of(new double[] {7}));
    }

    @Test
    void usesTheSampleStandardDeviation() {
        // Population stddev of this classic set is 2; the sample one divides by n - 1.
        Summary s = Summary.of(new double[] {2, 4, 4, 4, 5, 5, 7, 9});
        assertEquals(5, s.mean());
        assertEquals(Math.sqrt(32.0 / 7), s.stddev(), 1e-15);
    }

    @Test
    void equalSamplesHaveTheirValueAsMeanAndNoSpread() {
        Summary s = Summary.of(new double[] {0.1, 0.1, 0.1});
        assertEquals(0.1, s.mean());
        assertEquals(0.0, s.stddev());
    }

    @Test
    void survivesValuesWhoseSumsAndSquaresOverflow() {
        double max = Double.MAX_VALUE;
        Summary s = Summary.of(new double[] {max, 0, max});
        assertEquals(max / 3 * 2, s.mean(), Math.ulp(max / 3 * 2));
        assertEquals(max, s.median());
        assertEquals(max / Math.sqrt(3), s.stddev(), 4 * Math.ulp(max / Math.sqrt(3)));
        assertEquals(max, Summary.of(new double[] {max, max}).median());
        assertEquals(0.0, Summary.of(new double[] {-max, max}).median());
    }

    @Test
    void stddevBeyondTheDoubleRangeIsInfinite() {
        double max = Double.MAX_VALUE;
        assertEquals(Double.POSITIVE_INFINITY, Summary.of(new double[] {-max, max}).stddev());
    }

    @Test
    void leavesTheCallersArrayAlone() {
        double[] samples = {3, 1, 2};
        Summary.of(samples);
        assertArrayEquals(new double[] {3, 1, 2}, samples);
    }

    @Test
    void rejectsNoSamples() {
        assertEquals("cannot summarise zero samples", assertThrows(
                IllegalArgumentException.class, () -> Summary.of(new double[0])).getMessage());
    }

    @Test
    void rejectsNaNAndInfinity() {
        assertEquals("sample 1 is NaN, not a finite number", assertThrows(
                IllegalArgumentException.class,
                () -> Summary.of(new double[] {1, Double.NaN})).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Summary.of(new double[] {Double.POSITIVE_INFINITY}));
    }

    @Test
    void ratesComeFromEachSampleNotFromTheSummaryOfTimes() {
        // 1 GB in 1 s and in 0.5 s: rates 1 and 2 GB/s. The rate at the mean time would be 1.33.
        Summary rates = Summary.ofRates(1_000_000_000L, new double[] {1.0, 0.5});
        assertEquals(1.0, rates.min());
        assertEquals(2.0, rates.max());
        assertEquals(1.5, rates.mean());
        assertEquals(1.5, rates.median());
    }

    @Test
    void ratesRejectImpossibleTimes() {
        assertThrows(IllegalArgumentException.class, () -> Summary.ofRates(1, new double[] {0}));
        assertThrows(IllegalArgumentException.class, () -> Summary.ofRates(1, new double[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> Summary.ofRates(1, new double[0]));
    }
}
