package dev.xfer.app.overlap;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overlap model: the largest stage plus the other two over N; sequential is their sum. */
class OverlapModelTest {
    private static final double EPS = 1e-12;

    @Example
    void kernelBoundModel() {
        OverlapModel m = new OverlapModel(0.3, 0.5, 0.2, 4);
        assertEquals(1.0, m.sequentialMs(), EPS);
        assertEquals(0.5, m.largestStageMs(), EPS);
        // 0.5 + (0.3 + 0.2) / 4
        assertEquals(0.625, m.idealMs(), EPS);
    }

    @Example
    void copyBoundModelTakesTheLargestCopy() {
        OverlapModel m = new OverlapModel(0.4, 0.1, 0.5, 5);
        assertEquals(1.0, m.sequentialMs(), EPS);
        assertEquals(0.5, m.largestStageMs(), EPS);
        assertEquals(0.6, m.idealMs(), EPS);
    }

    @Example
    void h2dCanBeTheLargestStage() {
        OverlapModel m = new OverlapModel(0.8, 0.1, 0.1, 2);
        assertEquals(0.8, m.largestStageMs(), EPS);
        assertEquals(0.9, m.idealMs(), EPS);
    }

    @Example
    void efficiencyIsIdealOverMeasured() {
        OverlapModel m = new OverlapModel(0.3, 0.2, 0.3, 4);
        assertEquals(0.425, m.idealMs(), EPS);
        assertEquals(0.5, m.efficiency(0.85), EPS);
        assertEquals(1.0, m.efficiency(0.425), EPS);
        assertEquals(2.0, m.efficiency(0.2125), EPS, "faster than the model is above 1");
    }

    @Property
    void idealLiesBetweenLargestStageAndSequential(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                                   @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                                   @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                                   @ForAll @IntRange(min = 1, max = 1024) int streams) {
        OverlapModel m = new OverlapModel(h2d, kernel, d2h, streams);
        double sequential = m.sequentialMs();
        assertEquals(h2d + kernel + d2h, sequential, Math.ulp(sequential));
        assertTrue(m.idealMs() >= m.largestStageMs(), m + ": ideal " + m.idealMs());
        assertTrue(m.largestStageMs() >= h2d && m.largestStageMs() >= kernel && m.largestStageMs() >= d2h, m.toString());
        // one rounding of slack: largest + (sum - largest) need not give back the sum's last bit
        assertTrue(m.idealMs() <= sequential + Math.ulp(sequential), m + ": ideal " + m.idealMs());
    }

    @Property
    void oneStreamHidesNothing(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                               @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                               @ForAll @DoubleRange(min = 0, max = 1e4) double d2h) {
        OverlapModel m = new OverlapModel(h2d, kernel, d2h, 1);
        assertEquals(m.sequentialMs(), m.idealMs(), Math.ulp(m.sequentialMs()));
    }

    @Property
    void moreStreamsNeverRaiseTheIdeal(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                       @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                       @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                       @ForAll @IntRange(min = 1, max = 1023) int streams) {
        assertTrue(new OverlapModel(h2d, kernel, d2h, streams + 1).idealMs()
                <= new OverlapModel(h2d, kernel, d2h, streams).idealMs());
    }
}
