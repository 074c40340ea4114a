package dev.xfer.app.bandwidth;

import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.staging.StagedCopy;
import dev.xfer.app.staging.StagedCopy.Direction;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.app.staging.StagingTeam;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: the staged path ({@code --copy staged}) moves the right bytes both ways for
 * pageable and heap memory, whatever the sizes and rings, up to 4 GiB and to a heap array near the
 * JVM's limit; a slot corrupted between its fill and its copy is caught; and nothing leaks.
 */
@Tag("gpu")
class StagedOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    private static BandwidthPlan plan(List<Long> sizes, List<HostMemoryKind> kinds, StagingConfig staging) {
        return plan(sizes, kinds, staging, List.of(CopyDirection.H2D, CopyDirection.D2H));
    }

    /** Staged only; a direction left out still runs once, untimed, so the round trip is always checked. */
    private static BandwidthPlan plan(List<Long> sizes, List<HostMemoryKind> kinds, StagingConfig staging,
                                      List<CopyDirection> directions) {
        return new BandwidthPlan(sizes, kinds, directions, 2, 1, CopyTimer.EVENTS, List.of(CopyPath.STAGED), staging);
    }

    private static BandwidthBenchmark benchmark() {
        return new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> { });
    }

    private static void assertAllVerified(BandwidthBenchmark.Outcome outcome, int rows) {
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(rows, outcome.results().size());
        for (BandwidthResult r : outcome.results()) {
            assertEquals(CopyPath.STAGED, r.copy(), r.configuration());
            assertTrue(r.verified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0, r.configuration());
            StagedCeiling c = r.ceiling().orElseThrow(() -> new AssertionError("no ceiling: " + r.configuration()));
            assertTrue(c.h2hGbps().median() > 0 && c.pinnedGbps().median() > 0, r.configuration());
        }
    }

    /** Sizes below, at, between and above whole rings, slots that do not divide them, one lane and many. */
    @ParameterizedTest(name = "{0} threads x {1} slots of {2} B")
    @CsvSource({"1, 1, 4096", "3, 2, 1048583", "8, 4, 8388608", "16, 1, 1000000"})
    void everyStagedConfigurationVerifies(int threads, int slots, long slotBytes) {
        long ring = (long) threads * slots * slotBytes;
        List<Long> sizes = List.of(1L, slotBytes + 1, 3 * slotBytes - 7, 2 * ring + 13);
        var staging = new StagingConfig(threads, slots, slotBytes, HostCopy.LIBC);
        var outcome = benchmark().run(plan(sizes, List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.HEAP), staging,
                List.of(CopyDirection.H2D)));
        assertAllVerified(outcome, sizes.size() * 2);
    }

    @Test
    void javaCopiesVerifyToo() {
        var staging = new StagingConfig(4, 2, 1 << 20, HostCopy.JAVA);
        var outcome = benchmark().run(plan(List.of(7L, (9L << 20) + 3), List.of(HostMemoryKind.PAGEABLE,
                HostMemoryKind.HEAP), staging));
        assertAllVerified(outcome, 2 * 2 * 2);
    }

    @Test
    void fourGibibytesVerifyAndNothingLeaks() {
        benchmark().run(plan(List.of(4096L), List.of(HostMemoryKind.PAGEABLE), BandwidthPlan.DEFAULT_STAGING));
        long freeBefore = device.memoryInfo().freeBytes();
        var outcome = benchmark().run(plan(List.of(4L << 30, (4L << 30) + 5), List.of(HostMemoryKind.PAGEABLE),
                BandwidthPlan.DEFAULT_STAGING));
        assertAllVerified(outcome, 2 * 2);
        assertEquals(freeBefore, device.memoryInfo().freeBytes(), "device memory leaked across staged runs");
    }

    /** A long[] of Integer.MAX_VALUE - 8 elements: the largest array HotSpot makes, just under 16 GiB. */
    @Test
    void aHeapArrayNearTheJvmLimitVerifies() {
        long bytes = (long) (Integer.MAX_VALUE - 8) * Long.BYTES - 3;
        var outcome = benchmark().run(plan(List.of(bytes), List.of(HostMemoryKind.HEAP), BandwidthPlan.DEFAULT_STAGING));
        assertAllVerified(outcome, 2);
    }

    @Test
    void aSlotCorruptedBetweenFillAndCopyIsCaught() {
        long at = 77;
        StagingTeam.SlotHook plant = (direction, slot, length) -> {
            if (direction == Direction.H2D && length > at) {
                slot.set(ValueLayout.JAVA_BYTE, at, (byte) (slot.get(ValueLayout.JAVA_BYTE, at) ^ 0x10));
            }
        };
        var staging = new StagingConfig(2, 2, 1 << 20, HostCopy.LIBC);
        var outcome = benchmark().withSlotHook(plant).run(plan(List.of(3L << 20), List.of(HostMemoryKind.PAGEABLE,
                HostMemoryKind.HEAP), staging));
        assertEquals(2, outcome.failures().size(), outcome.failures().toString());
        assertEquals(at, outcome.failures().getFirst().offset(), "the first chunk's planted byte is the first wrong");
        assertTrue(outcome.failures().getFirst().configuration().startsWith("pageable staged h2d+d2h"),
                outcome.failures().getFirst().configuration());
        assertTrue(outcome.failures().get(1).configuration().startsWith("heap staged h2d+d2h"));
        outcome.results().forEach(r -> assertFalse(r.verified(), r.configuration()));
    }

    @Test
    void aSlotCorruptedBetweenItsCopyAndTheCopyOutIsCaught() {
        long chunk = 1 << 20;
        int lanes = 3;
        StagingTeam.SlotHook plant = (direction, slot, length) -> {
            if (direction == Direction.D2H && length < chunk / 4) {
                slot.set(ValueLayout.JAVA_BYTE, length - 1, (byte) ~slot.get(ValueLayout.JAVA_BYTE, length - 1));
            }
        };
        // The ramp's eighth-slot chunks and a 99-byte remainder are shorter than a quarter slot: the first
        // wrong byte verification reports is the last of the first such chunk.
        long size = 5 * chunk + 99;
        var chunks = new StagedCopy.Chunks(new long[]{size}, chunk, lanes);
        long expected = -1;
        for (long c = 0; c < chunks.count() && expected < 0; c++) {
            var piece = chunks.chunk(c);
            if (piece.length() < chunk / 4) {
                expected = piece.offset() + piece.length() - 1;
            }
        }
        var outcome = benchmark().withSlotHook(plant).run(plan(List.of(size), List.of(HostMemoryKind.PAGEABLE),
                new StagingConfig(lanes, 2, chunk, HostCopy.LIBC)));
        assertEquals(1, outcome.failures().size(), outcome.failures().toString());
        assertEquals(expected, outcome.failures().getFirst().offset());
    }

    /** The staged path's own lanes on their own: many small transfers, as batch moves them. */
    @Test
    void batchLikeTransfersArriveWhole() {
        int count = 37;
        long bytes = 300_001;
        try (var team = new StagingTeam(device, new StagingConfig(4, 3, 128 << 10, HostCopy.LIBC),
                Thread.ofPlatform().factory(), StagingTeam.SlotHook.NONE)) {
            List<dev.xfer.cuda.HostBuffer> sources = new java.util.ArrayList<>();
            List<dev.xfer.cuda.DeviceBuffer> targets = new java.util.ArrayList<>();
            List<dev.xfer.cuda.HostBuffer> back = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < count; i++) {
                    sources.add(HostMemoryKind.PAGEABLE.allocate(bytes));
                    DataPattern.fill(sources.getLast().segment(), 1000L * i);
                    targets.add(dev.xfer.cuda.DeviceBuffer.allocate(device, bytes));
                    back.add(HostMemoryKind.PAGEABLE.allocate(bytes));
                    DataPattern.poison(back.getLast().segment());
                }
                List<MemorySegment> src = sources.stream().map(dev.xfer.cuda.HostBuffer::segment).toList();
                List<MemorySegment> dst = back.stream().map(dev.xfer.cuda.HostBuffer::segment).toList();
                team.run(team.job(Direction.H2D, StagingTeam.Part.STAGED, src, targets));
                team.run(team.job(Direction.D2H, StagingTeam.Part.STAGED, dst, targets));
                for (int i = 0; i < count; i++) {
                    assertEquals(-1, DataPattern.firstMismatch(dst.get(i), src.get(i)), "buffer " + i);
                }
            } finally {
                back.forEach(dev.xfer.cuda.HostBuffer::close);
                targets.forEach(dev.xfer.cuda.DeviceBuffer::close);
                sources.forEach(dev.xfer.cuda.HostBuffer::close);
            }
        }
    }
}
