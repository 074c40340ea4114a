package dev.xfer.app.pipeline;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pipeline's input (batch b holds b mod 1000) and its check, max |out - (in + 1)|, on native
 * floats: no CUDA needed.
 */
class PipelineMaxErrorTest {
    /** 5 batches of 4 floats. */
    private static final PipelinePlan PLAN = new PipelinePlan(5, 16, 1, 2, 1, 0);

    private static MemorySegment input(Arena arena, PipelinePlan plan) {
        MemorySegment in = arena.allocate(plan.totalBytes(), Float.BYTES);
        PipelineBenchmark.fillInput(in, plan);
        return in;
    }

    /** What the kernel should leave: every element one more. */
    private static MemorySegment exactOutput(Arena arena, MemorySegment in) {
        MemorySegment out = arena.allocate(in.byteSize(), Float.BYTES);
        for (long i = 0; i < in.byteSize() / Float.BYTES; i++) {
            out.setAtIndex(ValueLayout.JAVA_FLOAT, i, in.getAtIndex(ValueLayout.JAVA_FLOAT, i) + 1f);
        }
        return out;
    }

    private static float at(MemorySegment s, long i) {
        return s.getAtIndex(ValueLayout.JAVA_FLOAT, i);
    }

    @Test
    void batchBHoldsBEverywhere() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            for (int b = 0; b < PLAN.batches(); b++) {
                for (int i = 0; i < 4; i++) {
                    assertEquals(b, at(in, 4L * b + i), "batch " + b + " element " + i);
                }
            }
        }
    }

    @Test
    void batchValuesWrapAt1000() {
        PipelinePlan plan = new PipelinePlan(1002, 8, 1, 2, 1, 0);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, plan);
            assertEquals(999f, at(in, 2 * 999));
            assertEquals(999f, at(in, 2 * 999 + 1));
            assertEquals(0f, at(in, 2 * 1000));
            assertEquals(1f, at(in, 2 * 1001 + 1));
        }
    }

    @Test
    void exactResultsHaveNoError() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            assertEquals(0.0, PipelineBenchmark.maxError(in, exactOutput(arena, in), PLAN));
        }
    }

    @Test
    void oneElementHalfOff() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment out = exactOutput(arena, in);
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 13, at(out, 13) - 0.5f);
            assertEquals(0.5, PipelineBenchmark.maxError(in, out, PLAN));
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 2, at(out, 2) + 0.75f);
            assertEquals(0.75, PipelineBenchmark.maxError(in, out, PLAN), "the largest either way");
        }
    }

    @Test
    void aNanMakesTheErrorNan() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment out = exactOutput(arena, in);
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 19, Float.NaN);
            assertTrue(Double.isNaN(PipelineBenchmark.maxError(in, out, PLAN)), "the last element");
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 0, 1000f);
            assertTrue(Double.isNaN(PipelineBenchmark.maxError(in, out, PLAN)), "a NaN after a larger error still wins");
        }
    }

    @Test
    void anUnwrittenOutputIsNan() {
        // the benchmark fills the output with 0xFF bytes before each run: a float NaN
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment out = exactOutput(arena, in);
            out.asSlice(3 * PLAN.batchBytes(), PLAN.batchBytes()).fill((byte) 0xFF);
            assertTrue(Double.isNaN(PipelineBenchmark.maxError(in, out, PLAN)));
        }
    }

    @Test
    void anOutputOfZerosIsWrong() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment zeros = arena.allocate(PLAN.totalBytes(), Float.BYTES);
            // batch 4 expects 5
            assertEquals(5.0, PipelineBenchmark.maxError(in, zeros, PLAN));
        }
    }

    @Test
    void aBatchInTheWrongPlaceIsCaught() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment out = exactOutput(arena, in);
            // batch 1's result landed where batch 3's belongs
            MemorySegment.copy(out, PLAN.batchBytes(), out, 3 * PLAN.batchBytes(), PLAN.batchBytes());
            assertEquals(2.0, PipelineBenchmark.maxError(in, out, PLAN));
        }
    }

    @Test
    void batchesShiftedByOneAreCaught() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = input(arena, PLAN);
            MemorySegment out = exactOutput(arena, in);
            MemorySegment shifted = arena.allocate(out.byteSize(), Float.BYTES);
            MemorySegment.copy(out, 0, shifted, PLAN.batchBytes(), out.byteSize() - PLAN.batchBytes());
            MemorySegment.copy(out, 0, shifted, 0, PLAN.batchBytes());
            assertEquals(1.0, PipelineBenchmark.maxError(in, shifted, PLAN));
        }
    }

    @Test
    void onlyThePlansBytesAreChecked() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocate(PLAN.totalBytes() + 8, Float.BYTES);
            PipelineBenchmark.fillInput(in, PLAN);
            MemorySegment out = exactOutput(arena, in);
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 20, Float.NaN);
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 21, 1e6f);
            assertEquals(0.0, PipelineBenchmark.maxError(in, out, PLAN));
        }
    }

    @Test
    void toleranceFollowsTheError() {
        var ms = dev.xfer.app.stats.Summary.of(new double[] {10.0});
        PipelineModel m = new PipelineModel(1, 1, 1, 4, 2);
        assertTrue(new PipelineResult(ms, m, 0).withinTolerance());
        assertTrue(new PipelineResult(ms, m, 1e-3).withinTolerance());
        assertTrue(!new PipelineResult(ms, m, 1.5e-3).withinTolerance());
        assertTrue(!new PipelineResult(ms, m, Double.NaN).withinTolerance());
        assertEquals(2.5, new PipelineResult(ms, m, 0).perBatchMs());
    }
}
