package dev.xfer.app.overlap;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overlap kernel leaves every element at 1: max |a[i] - 1| over native floats, no CUDA needed. */
class OverlapMaxErrorTest {

    private static MemorySegment floats(Arena arena, float... values) {
        MemorySegment s = arena.allocate(ValueLayout.JAVA_FLOAT, values.length);
        for (int i = 0; i < values.length; i++) {
            s.setAtIndex(ValueLayout.JAVA_FLOAT, i, values[i]);
        }
        return s;
    }

    @Test
    void zerosAreOneOff() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment zeros = arena.allocate(ValueLayout.JAVA_FLOAT, 1000);
            assertEquals(1.0, OverlapBenchmark.maxError(zeros, 1000));
        }
    }

    @Test
    void allOnesAreExact() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ones = arena.allocate(ValueLayout.JAVA_FLOAT, 1000);
            for (int i = 0; i < 1000; i++) {
                ones.setAtIndex(ValueLayout.JAVA_FLOAT, i, 1.0f);
            }
            assertEquals(0.0, OverlapBenchmark.maxError(ones, 1000));
        }
    }

    @Test
    void oneNanMakesTheErrorNan() {
        try (Arena arena = Arena.ofConfined()) {
            assertTrue(Double.isNaN(OverlapBenchmark.maxError(floats(arena, 1f, 1f, Float.NaN, 1f), 4)));
            assertTrue(Double.isNaN(OverlapBenchmark.maxError(floats(arena, 0f, 5f, 1f, Float.NaN), 4)),
                    "a NaN after larger errors still wins");
        }
    }

    @Test
    void theLargestDeviationEitherWay() {
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(0.5, OverlapBenchmark.maxError(floats(arena, 1f, 1.5f, 0.75f, 1f), 4));
            assertEquals(2.0, OverlapBenchmark.maxError(floats(arena, 1f, -1f, 1.5f), 3));
            assertEquals(Math.ulp(1.0f), OverlapBenchmark.maxError(floats(arena, Math.nextUp(1f)), 1), 0.0);
        }
    }

    @Test
    void onlyTheGivenElementsCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = floats(arena, 1f, 1f, 1f, Float.NaN, 7f);
            assertEquals(0.0, OverlapBenchmark.maxError(s, 3));
            assertTrue(Double.isNaN(OverlapBenchmark.maxError(s, 4)));
        }
    }

    @Test
    void resultWithinToleranceFollowsTheError() {
        var ms = dev.xfer.app.stats.Summary.of(new double[] {1.0});
        assertTrue(new OverlapResult(OverlapSchedule.V1, ms, 1, java.util.OptionalDouble.empty(), 1.192093e-07, 1)
                .withinTolerance());
        assertTrue(!new OverlapResult(OverlapSchedule.V1, ms, 1, java.util.OptionalDouble.empty(), 2e-6, 1)
                .withinTolerance());
        assertTrue(!new OverlapResult(OverlapSchedule.V1, ms, 1, java.util.OptionalDouble.empty(), Double.NaN, 1)
                .withinTolerance());
    }
}
