package dev.xfer.app.pipeline;

import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pipeline model: B batches one stage after another, or with 2 or 3 buffers the larger of
 * copying and computing per batch; and the share of copy time a measured run hid.
 */
class PipelineModelTest {
    private static final double EPS = 1e-9;

    private static double relative(double expected) {
        return Math.max(Math.abs(expected) * 1e-12, 1e-300);
    }

    @Example
    void sequentialIsEveryStageOfEveryBatch() {
        PipelineModel m = new PipelineModel(1.4, 2.0, 1.3, 64, 2);
        assertEquals(2.7, m.copyMs(), EPS);
        assertEquals(64 * 4.7, m.sequentialMs(), EPS);
    }

    @Example
    void oneBufferOverlapsNothing() {
        PipelineModel m = new PipelineModel(1.4, 2.0, 1.3, 64, 1);
        assertEquals(m.sequentialMs(), m.idealMs());
        assertEquals(300.8, m.idealMs(), EPS);
    }

    @Example
    void copyBoundIdealIsTheCopies() {
        // copy 2.7 > kernel 2.0
        assertEquals(64 * 2.7, new PipelineModel(1.4, 2.0, 1.3, 64, 2).idealMs(), EPS);
        assertEquals(64 * 2.7, new PipelineModel(1.4, 2.0, 1.3, 64, 3).idealMs(), EPS);
    }

    @Example
    void computeBoundIdealIsTheKernels() {
        // kernel 5 > copy 0.5 + 0.25
        PipelineModel m = new PipelineModel(0.5, 5.0, 0.25, 10, 2);
        assertEquals(50.0, m.idealMs(), EPS);
        assertEquals(57.5, m.sequentialMs(), EPS);
    }

    @Example
    void hiddenCopyFractionOfTheFixture() {
        PipelineModel m = new PipelineModel(1.4, 2.0, 1.3, 64, 2);
        // (300.8 - 200) / (64 x 2.7)
        assertEquals(100.8 / 172.8, m.hiddenCopyFraction(200.0), EPS);
        assertEquals(0.0, m.hiddenCopyFraction(300.8));
        assertEquals(0.0, m.hiddenCopyFraction(400.0));
        assertEquals(1.0, m.hiddenCopyFraction(128.0), "exactly the kernels: every copy hidden");
        assertEquals(1.0, m.hiddenCopyFraction(100.0), "faster than the kernels alone (two copy engines)");
        assertEquals(0.5, m.hiddenCopyFraction(300.8 - 172.8 / 2), EPS);
    }

    @Example
    void noCopyTimeHidesNothing() {
        PipelineModel m = new PipelineModel(0, 2.0, 0, 8, 2);
        assertEquals(0.0, m.hiddenCopyFraction(1.0));
        assertEquals(0.0, m.hiddenCopyFraction(100.0));
    }

    @Property
    void sequentialIsBatchesTimesAllStages(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                           @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                           @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                           @ForAll @IntRange(min = 1, max = 100_000) int batches,
                                           @ForAll @IntRange(min = 1, max = 3) int buffers) {
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, buffers);
        double expected = batches * (h2d + kernel + d2h);
        assertEquals(expected, m.sequentialMs(), relative(expected), m.toString());
    }

    @Property
    void idealWithOneBufferIsSequential(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                        @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                        @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                        @ForAll @IntRange(min = 1, max = 100_000) int batches) {
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, 1);
        assertEquals(m.sequentialMs(), m.idealMs(), m.toString());
    }

    @Property
    void idealWithMoreBuffersIsTheLargerOfCopyAndCompute(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                                          @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                                          @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                                          @ForAll @IntRange(min = 1, max = 100_000) int batches,
                                                          @ForAll @IntRange(min = 2, max = 3) int buffers) {
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, buffers);
        double expected = batches * Math.max(h2d + d2h, kernel);
        assertEquals(expected, m.idealMs(), relative(expected), m.toString());
        assertTrue(m.idealMs() <= m.sequentialMs(), m.toString());
    }

    @Property
    void hiddenCopyFractionIsAShare(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                    @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                    @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                    @ForAll @IntRange(min = 1, max = 100_000) int batches,
                                    @ForAll @IntRange(min = 1, max = 3) int buffers,
                                    @ForAll @DoubleRange(min = -1e12, max = 1e12) double measured) {
        double f = new PipelineModel(h2d, kernel, d2h, batches, buffers).hiddenCopyFraction(measured);
        assertTrue(f >= 0 && f <= 1, "hidden " + f + " for " + measured + " ms");
    }

    @Example
    void hiddenCopyFractionOfInfiniteTimes() {
        PipelineModel m = new PipelineModel(1.4, 2.0, 1.3, 64, 2);
        assertEquals(0.0, m.hiddenCopyFraction(Double.POSITIVE_INFINITY));
        assertEquals(1.0, m.hiddenCopyFraction(Double.NEGATIVE_INFINITY));
    }

    @Property
    void nothingHiddenAtOrAboveSequential(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                          @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                          @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                          @ForAll @IntRange(min = 1, max = 100_000) int batches,
                                          @ForAll @IntRange(min = 1, max = 3) int buffers,
                                          @ForAll @DoubleRange(min = 0, max = 1e6) double slower) {
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, buffers);
        assertEquals(0.0, m.hiddenCopyFraction(m.sequentialMs() + slower), m.toString());
    }

    @Property
    void everythingHiddenAtOrBelowTheKernelsAlone(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                                  @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                                  @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                                  @ForAll @IntRange(min = 1, max = 100_000) int batches,
                                                  @ForAll @IntRange(min = 1, max = 3) int buffers,
                                                  @ForAll @DoubleRange(min = 0, max = 1) double share) {
        Assume.that(h2d + d2h > 0); // without copy time nothing is hidden: noCopyTimeHidesNothing
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, buffers);
        double bound = m.sequentialMs() - batches * (h2d + d2h);
        double f = m.hiddenCopyFraction(bound * share);
        if (share < 1) {
            assertEquals(1.0, f, 1e-9, m + " at " + bound * share);
        }
        // at the bound itself sequential - (sequential - copies) may round a little below the copies
        assertEquals(1.0, m.hiddenCopyFraction(bound), 1e-9, m.toString());
        if (share < 0.5) {
            assertEquals(1.0, f, m + " at " + bound * share);
        }
    }

    @Property
    void hidingNeverDropsAsTheRunGetsFaster(@ForAll @DoubleRange(min = 0, max = 1e4) double h2d,
                                            @ForAll @DoubleRange(min = 0, max = 1e4) double kernel,
                                            @ForAll @DoubleRange(min = 0, max = 1e4) double d2h,
                                            @ForAll @IntRange(min = 1, max = 1000) int batches,
                                            @ForAll @DoubleRange(min = 0, max = 1e8) double a,
                                            @ForAll @DoubleRange(min = 0, max = 1e8) double b) {
        PipelineModel m = new PipelineModel(h2d, kernel, d2h, batches, 2);
        double faster = Math.min(a, b);
        double slower = Math.max(a, b);
        assertTrue(m.hiddenCopyFraction(faster) >= m.hiddenCopyFraction(slower), m + " " + faster + " " + slower);
    }
}
