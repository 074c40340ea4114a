package dev.xfer.app.bandwidth;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --copy batch-api --pieces}: the plan's checks, the rows and names each piece count gets,
 * how a buffer is split, and the configurations waived on a runtime without the call.
 */
class BatchApiPlanTest {
    private static final long MIB64 = 64L << 20;

    private static BandwidthPlan plan(List<CopyPath> copies, List<Integer> pieces) {
        return new BandwidthPlan(List.of(MIB64), List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE,
                HostMemoryKind.HEAP), List.of(CopyDirection.H2D, CopyDirection.D2H), 5, 1, CopyTimer.EVENTS, copies,
                BandwidthPlan.DEFAULT_STAGING).withPieces(pieces);
    }

    @Test
    void piecesNeedTheBatchApi() {
        var e = assertThrows(IllegalArgumentException.class, () -> plan(List.of(CopyPath.DRIVER), List.of(16)));
        assertEquals("--pieces splits each buffer of --copy batch-api: it needs --copy batch-api", e.getMessage());
        assertEquals(BandwidthPlan.ONE_PIECE, plan(List.of(CopyPath.DRIVER), BandwidthPlan.ONE_PIECE).pieces());
    }

    @Test
    void piecesAreRangeChecked() {
        List<CopyPath> api = List.of(CopyPath.BATCH_API);
        assertEquals("--pieces must be 1 to 1048576, not 0",
                assertThrows(IllegalArgumentException.class, () -> plan(api, List.of(1, 0))).getMessage());
        assertEquals("--pieces must be 1 to 1048576, not 1048577",
                assertThrows(IllegalArgumentException.class, () -> plan(api, List.of(1 << 20 | 1))).getMessage());
        assertEquals(List.of(1, 1 << 20), plan(api, List.of(1, 1 << 20, 1)).pieces(), "distinct, in order");
    }

    @Test
    void theBatchApiAppliesToMemoryThatTakesAsyncCopies() {
        BandwidthPlan p = plan(List.of(CopyPath.DRIVER, CopyPath.BATCH_API), List.of(1, 16));
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.BATCH_API), p.pathsFor(HostMemoryKind.PINNED));
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.BATCH_API), p.pathsFor(HostMemoryKind.PAGEABLE));
        assertEquals(List.of(CopyPath.DRIVER), p.pathsFor(HostMemoryKind.HEAP));
        // per size: driver 3 memories x 2 directions, batch-api 2 memories x 2 directions x 2 piece counts
        assertEquals(6 + 8, p.configurations());
    }

    @Test
    void everyPieceCountIsARowNamedByItsPieces() {
        BandwidthPlan p = plan(List.of(CopyPath.BATCH_API), List.of(1, 4096));
        List<String> names = p.declarations(true).stream().map(MetricDeclaration::name).toList();
        assertEquals(List.of("pinned.batch-api.h2d.64MiB.pieces1", "pinned.batch-api.h2d.64MiB.pieces4096",
                "pinned.batch-api.d2h.64MiB.pieces1", "pinned.batch-api.d2h.64MiB.pieces4096",
                "pageable.batch-api.h2d.64MiB.pieces1", "pageable.batch-api.h2d.64MiB.pieces4096",
                "pageable.batch-api.d2h.64MiB.pieces1", "pageable.batch-api.d2h.64MiB.pieces4096",
                "heap.h2d.64MiB", "heap.d2h.64MiB"), names);
    }

    @Test
    void aMeasuredRowCarriesItsPiecesInItsNameLabelAndDocumentRow() {
        Summary s = Summary.of(new double[] {50.0, 51.0, 52.0});
        BandwidthResult r = new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB64, s, s, OptionalDouble.of(80.0), true,
                OptionalInt.empty(), Optional.empty(), CopyPath.BATCH_API, Optional.empty(), Optional.empty(),
                Optional.empty(), OptionalInt.of(256));
        BandwidthRow row = BandwidthRow.of(r);
        assertEquals("pinned.batch-api.h2d.64MiB.pieces256", ResultNames.of(row.results(RowScope.of("results",
                "bandwidth", Map.of())).getFirst().identity()));
        assertEquals("pinned batch-api 256 pieces h2d 67108864 B", r.configuration());
        assertEquals(Optional.of("batch-api"), row.copy());
        assertEquals(OptionalInt.of(256), row.pieces());
        assertEquals(OptionalInt.empty(), BandwidthRow.of(new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB64, s, s,
                OptionalDouble.empty(), true)).pieces(), "other paths' rows have no pieces");
    }

    @Test
    void aBufferSplitsIntoConsecutivePiecesThatCoverEveryByteOnce() {
        assertArrayEquals(new long[] {MIB64}, BatchApiInitiator.pieceSizes(MIB64, 1));
        assertArrayEquals(new long[] {4, 3, 3}, BatchApiInitiator.pieceSizes(10, 3));
        long[] many = BatchApiInitiator.pieceSizes(1_000_003, 4096);
        assertEquals(1_000_003, Arrays.stream(many).sum());
        assertTrue(Arrays.stream(many).allMatch(b -> b == 244 || b == 245));
        assertThrows(IllegalArgumentException.class, () -> BatchApiInitiator.pieceSizes(3, 4));
    }

    @Test
    void aRuntimeWithoutTheCallWaivesEachBatchApiRowWithTheReason() {
        BandwidthPlan p = plan(List.of(CopyPath.DRIVER, CopyPath.BATCH_API), List.of(1, 16));
        String why = "libcudart 12.4 has no cudaMemcpyBatchAsync (CUDA 12.8 added it; xfer calls CUDA 13's)";
        List<Waiver> waived = CopyPath.BATCH_API.waivers(p, List.of(1), OptionalInt.empty(), why);
        assertEquals(8, waived.size(), "2 memories x 2 piece counts x 2 directions; heap and the driver's rows run");
        assertEquals(new Waiver("pinned batch-api 1 pieces h2d 67108864 B", why), waived.getFirst());
        assertEquals("waived: pageable batch-api 16 pieces d2h 67108864 B on node 1: " + why,
                CopyPath.BATCH_API.waivers(p, List.of(1), OptionalInt.of(1), why).getLast().line());
        assertEquals(List.of(), CopyPath.BATCH_API.waivers(plan(List.of(CopyPath.DRIVER),
                BandwidthPlan.ONE_PIECE), List.of(1), OptionalInt.empty(), why));
    }
}
