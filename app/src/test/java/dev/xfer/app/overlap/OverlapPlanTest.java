package dev.xfer.app.overlap;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** An overlap plan refuses what async.cu's experiment cannot run, naming the option at fault. */
class OverlapPlanTest {
    private static final List<OverlapSchedule> ALL = List.of(OverlapSchedule.values());

    private static OverlapPlan plan(long elements, int streams, int block, int k, int iterations, HostMemoryKind memory) {
        return new OverlapPlan(elements, streams, block, k, ALL, iterations, 3, memory);
    }

    private static void rejected(String message, Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertEquals(message, e.getMessage());
    }

    @Test
    void defaultsAreAsyncCu() {
        OverlapPlan p = plan(OverlapPlan.ASYNC_CU_ELEMENTS, 4, 256, 1, 20, HostMemoryKind.PINNED);
        assertEquals(4L * 1024 * 1024, p.elements());
        assertEquals(16L * 1024 * 1024, p.bytes());
        assertEquals(4, p.chunks().size());
    }

    @Test
    void bytesAreFourPerFloatBeyondTwoGiB() {
        long elements = (1L << 30) + 3;
        assertEquals(4 * elements, plan(elements, 4, 256, 1, 1, HostMemoryKind.PINNED).bytes());
    }

    @Test
    void streamsZero() {
        rejected("--streams must be 1 to 1024, not 0", () -> plan(1024, 0, 256, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void streamsAbove1024() {
        rejected("--streams must be 1 to 1024, not 1025", () -> plan(1 << 20, 1025, 256, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void fewerElementsThanStreams() {
        rejected("3 elements cannot be split over 4 streams", () -> plan(3, 4, 256, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void noElements() {
        rejected("--elements must be at least 1, not 0", () -> plan(0, 4, 256, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void blockSizeZero() {
        rejected("--block-size must be 1 to 1024 threads, not 0", () -> plan(1024, 4, 0, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void blockSize2048() {
        rejected("--block-size must be 1 to 1024 threads, not 2048",
                () -> plan(1024, 4, 2048, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void blockSizeLimitsAreAllowed() {
        assertDoesNotThrow(() -> plan(1024, 4, 1, 1, 20, HostMemoryKind.PINNED));
        assertDoesNotThrow(() -> plan(1024, 4, 1024, 1, 20, HostMemoryKind.PINNED));
    }

    @Test
    void kernelIterationsZero() {
        rejected("--kernel-iterations must be at least 1, not 0", () -> plan(1024, 4, 256, 0, 20, HostMemoryKind.PINNED));
    }

    @Test
    void iterationsZero() {
        rejected("--iterations must be at least 1, not 0", () -> plan(1024, 4, 256, 1, 0, HostMemoryKind.PINNED));
    }

    @Test
    void negativeWarmup() {
        rejected("--warmup must not be negative, not -1",
                () -> new OverlapPlan(1024, 4, 256, 1, ALL, 20, -1, HostMemoryKind.PINNED));
    }

    @Test
    void noSchedules() {
        rejected("--schedules needs at least one of sequential, v1, v2",
                () -> new OverlapPlan(1024, 4, 256, 1, List.of(), 20, 3, HostMemoryKind.PINNED));
    }

    /** Pageable memory defeats overlap, which is worth showing, so it is allowed. */
    @ParameterizedTest
    @EnumSource(value = HostMemoryKind.class, names = "HEAP", mode = EnumSource.Mode.EXCLUDE)
    void everyNativeKindIsAllowed(HostMemoryKind memory) {
        assertEquals(memory, plan(1024, 4, 256, 1, 20, memory).memory());
    }

    @Test
    void heapIsRejected() {
        rejected("--memory heap cannot be used: overlap needs asynchronous copies",
                () -> plan(1024, 4, 256, 1, 20, HostMemoryKind.HEAP));
    }

    @Test
    void schedulesAreCopied() {
        var schedules = new java.util.ArrayList<>(List.of(OverlapSchedule.V1));
        OverlapPlan p = new OverlapPlan(1024, 4, 256, 1, schedules, 20, 3, HostMemoryKind.PINNED);
        schedules.add(OverlapSchedule.V2);
        assertEquals(List.of(OverlapSchedule.V1), p.schedules());
    }

    @Test
    void scheduleLabels() {
        assertEquals(OverlapSchedule.V2, OverlapSchedule.fromLabel(" V2 "));
        assertEquals(OverlapSchedule.SEQUENTIAL, OverlapSchedule.fromLabel("sequential"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OverlapSchedule.fromLabel("v3"));
        assertEquals("unknown schedule 'v3' (expected sequential, v1 or v2)", e.getMessage());
    }
}
