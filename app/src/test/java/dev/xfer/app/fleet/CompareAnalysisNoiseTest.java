package dev.xfer.app.fleet;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareAnalysisNoiseTest {
    private static Measurement m(double median, double stddev, long n) {
        return new Measurement("pinned.h2d.64MiB.gbps", "GB/s", true, median, stddev, n, "gbps", Map.of());
    }

    @Test
    void withinRunNoiseIsThreeStandardErrorsOfTheTwoMedians() {
        double noise = CompareAnalysis.withinRun(m(50, 1, 25), m(50, 1, 25));
        assertEquals(3 * 1.2533 * Math.sqrt(2.0 / 25) / 50, noise, 1e-12);
    }

    @Test
    void noiseIsUnknownWithoutSpreadOrCount() {
        assertTrue(Double.isNaN(CompareAnalysis.withinRun(m(50, Double.NaN, 25), m(50, 1, 25))));
        assertTrue(Double.isNaN(CompareAnalysis.withinRun(m(50, 1, 1), m(50, 1, 25))));
    }

    /** A document's null stddev reads as infinite: no spread, never a band so wide that no change counts. */
    @Test
    void aSpreadPastADoubleIsNoSpread() {
        assertTrue(Double.isNaN(CompareAnalysis.withinRun(m(50, Double.POSITIVE_INFINITY, 25), m(25, 1, 25))));
        assertTrue(Double.isNaN(CompareAnalysis.withinRun(m(50, 1, 25), m(25, Double.POSITIVE_INFINITY, 25))));
    }
}
