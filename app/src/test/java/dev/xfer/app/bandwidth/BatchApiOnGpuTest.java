package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU and a CUDA 13 runtime: {@code --copy batch-api} moves every byte of pinned and
 * pageable buffers both ways at every piece count, sizes that do not divide included, one row per
 * count; a planted corruption fails the configuration.
 */
@Tag("gpu")
class BatchApiOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        Assumptions.assumeTrue(cuda.supportsBatchedCopies(), () -> cuda.batchedCopiesMissing().orElseThrow());
        device = cuda.device(0);
    }

    private static BandwidthPlan plan(List<Long> sizes, List<Integer> pieces) {
        return new BandwidthPlan(sizes, List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE),
                List.of(CopyDirection.H2D, CopyDirection.D2H), 3, 1, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.BATCH_API), BandwidthPlan.DEFAULT_STAGING).withPieces(pieces);
    }

    @Test
    void everyPieceCountMovesEveryByte() {
        BandwidthPlan plan = plan(List.of(4096L * 4096 + 7, 64L << 20), List.of(1, 16, 256, 4096));
        var outcome = new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> { }).run(plan);
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertTrue(outcome.waived().isEmpty(), outcome.waived().toString());
        // per size and memory: 2 driver rows, 2 x 4 batch-api rows
        assertEquals(2 * 2 * (2 + 2 * 4), outcome.results().size());
        for (BandwidthResult r : outcome.results()) {
            assertTrue(r.verified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0.1, r.configuration() + " " + r.gigabytesPerSecond());
            assertEquals(r.copy() == CopyPath.BATCH_API, r.pieces().isPresent(), r.configuration());
        }
    }

    @Test
    void aPlantedCorruptionFailsTheBatchApiRow() {
        AtomicInteger seen = new AtomicInteger();
        BandwidthPlan plan = new BandwidthPlan(List.of(1L << 20), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), 2, 1, CopyTimer.EVENTS, List.of(CopyPath.BATCH_API),
                BandwidthPlan.DEFAULT_STAGING).withPieces(List.of(16));
        var outcome = new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> {
            if (seen.getAndIncrement() == 0) {
                s.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 12345, (byte) ~s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 12345));
            }
        }).run(plan);
        assertFalse(outcome.failures().isEmpty());
        assertTrue(outcome.results().stream().noneMatch(BandwidthResult::verified), outcome.results().toString());
    }
}
