package dev.xfer.app.pipeline;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A pipeline plan refuses what cannot run, naming the option at fault. */
class PipelinePlanTest {

    private static void rejected(String message, Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertEquals(message, e.getMessage());
    }

    @Test
    void theCommandDefaults() {
        PipelinePlan p = new PipelinePlan(64, 16L << 20, 1, 2, 5, 1);
        assertEquals(4L << 20, p.elementsPerBatch());
        assertEquals(1L << 30, p.totalBytes());
    }

    @Test
    void totalBytesBeyondAnInt() {
        assertEquals(3L * Integer.MAX_VALUE + 3, new PipelinePlan(3, (long) Integer.MAX_VALUE + 1, 1, 2, 1, 0).totalBytes());
    }

    @Test
    void batchesZero() {
        rejected("--batches must be at least 1, not 0", () -> new PipelinePlan(0, 4096, 1, 2, 5, 1));
    }

    @Test
    void sizeNotWholeFloats() {
        rejected("--size must be a whole number of floats (a multiple of 4), not 6 bytes",
                () -> new PipelinePlan(64, 6, 1, 2, 5, 1));
    }

    @Test
    void sizeZero() {
        rejected("--size must be a whole number of floats (a multiple of 4), not 0 bytes",
                () -> new PipelinePlan(64, 0, 1, 2, 5, 1));
    }

    @Test
    void sizeBelowOneFloat() {
        rejected("--size must be a whole number of floats (a multiple of 4), not 3 bytes",
                () -> new PipelinePlan(64, 3, 1, 2, 5, 1));
        assertEquals(1, new PipelinePlan(64, 4, 1, 2, 5, 1).elementsPerBatch());
    }

    @Test
    void kernelIterationsZero() {
        rejected("--kernel-iterations must be at least 1, not 0", () -> new PipelinePlan(64, 4096, 0, 2, 5, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 4, -1})
    void buffersOutsideOneToThree(int buffers) {
        rejected("--buffers must be 1, 2 or 3, not " + buffers, () -> new PipelinePlan(64, 4096, 1, buffers, 5, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void buffersOneToThree(int buffers) {
        assertDoesNotThrow(() -> new PipelinePlan(64, 4096, 1, buffers, 5, 1));
    }

    @Test
    void iterationsZero() {
        rejected("--iterations must be at least 1, not 0", () -> new PipelinePlan(64, 4096, 1, 2, 0, 1));
    }

    @Test
    void warmupNegative() {
        rejected("--warmup must not be negative, not -1", () -> new PipelinePlan(64, 4096, 1, 2, 5, -1));
        assertEquals(0, new PipelinePlan(64, 4096, 1, 2, 5, 0).warmup());
    }
}
