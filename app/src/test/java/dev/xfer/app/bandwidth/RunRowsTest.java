package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.NodeTarget;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rows, checks and the best of several allocations, kept in one place for every copy path. */
class RunRowsTest {
    private static final long SIZE = 1_000_000;

    private final List<String> streamed = new ArrayList<>();
    private final BandwidthTally tally = new BandwidthTally(() -> streamed.add("kept"));

    private RunRows rows(List<CopyDirection> directions, OptionalDouble link) {
        BandwidthPlan plan = new BandwidthPlan(List.of(SIZE), List.of(HostMemoryKind.PINNED), directions, 3, 0,
                CopyTimer.EVENTS);
        return new RunRows(plan, link, NodeTarget.unplaced(), tally, s -> { });
    }

    @Test
    void aMismatchIsKeptAsAFailureAtItsFirstDifferingByte() {
        RunRows rows = rows(List.of(CopyDirection.H2D), OptionalDouble.empty());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment expected = arena.allocate(64);
            MemorySegment actual = arena.allocate(64);
            DataPattern.fill(expected, 64);
            MemorySegment.copy(expected, 0, actual, 0, 64);
            CheckedConfiguration pinned = CheckedConfiguration.roundTrip(HostMemoryKind.PINNED, CopyPath.DRIVER,
                    Optional.empty(), OptionalInt.empty(), 64);
            assertTrue(rows.verify(pinned, actual, expected));
            actual.set(ValueLayout.JAVA_BYTE, 17, (byte) ~expected.get(ValueLayout.JAVA_BYTE, 17));
            assertFalse(rows.verify(pinned, actual, expected));
        }
        assertEquals(1, rows.failures().size());
        VerificationFailure failure = rows.failures().getFirst();
        assertEquals("pinned h2d+d2h 64 B", failure.configuration());
        assertEquals(17, failure.offset());
        assertEquals(Optional.of(CheckedConfiguration.roundTrip(HostMemoryKind.PINNED, CopyPath.DRIVER, Optional.empty(),
                OptionalInt.empty(), 64)), failure.checked(), "named by what it covered");
        assertEquals(List.of(failure), tally.failures(), "kept in the run's tally at once");
        assertEquals(List.of("kept"), streamed, "the tally told the command at once, so it streams");
    }

    @Test
    void aRoundTripAddsOnlyTheMeasuredDirectionsRows() {
        RunRows rows = rows(List.of(CopyDirection.D2H), OptionalDouble.empty());
        rows.addRoundTrip(HostMemoryKind.PINNED, SIZE, new double[0], new double[] {1e-3, 1e-3, 1e-3}, true,
                Optional.empty(), CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(4)));
        assertEquals(1, rows.count());
        BandwidthResult row = rows.results().getFirst();
        assertEquals(RowDirection.D2H, row.direction());
        assertEquals(CopyPath.KERNEL, row.copy());
        assertEquals(1.0, row.gigabytesPerSecond().median(), 1e-9);
        assertEquals(1000.0, row.microseconds().median(), 1e-9);
    }

    /** The GPU's own memory is not the host's link: no device row has a share of it, however fast. */
    @Test
    void deviceRowsHaveNoShareOfTheLink() {
        RunRows rows = rows(List.of(CopyDirection.D2D, CopyDirection.D2D_READ, CopyDirection.D2D_WRITE, CopyDirection.H2D),
                OptionalDouble.of(63.0));
        for (RowDirection d : List.of(RowDirection.D2D, RowDirection.D2D_READ, RowDirection.D2D_WRITE, RowDirection.H2D)) {
            rows.addRow(MeasuredMemory.DEVICE, d, SIZE, new double[] {1e-6, 1e-6, 1e-6}, true, Optional.empty(),
                    CopyPath.KERNEL, Optional.empty(), Optional.of(LaunchShape.ofBlocks(4)));
        }
        List<BandwidthResult> results = rows.results();
        for (BandwidthResult row : results.subList(0, 3)) {
            assertEquals(OptionalDouble.empty(), row.percentOfLink(), row.direction() + " stays in the GPU's memory");
        }
        assertEquals(1000.0 / 63.0 * 100, results.get(3).percentOfLink().orElseThrow(), 1e-6, "h2d crosses the link");
    }

    @Test
    void severalAllocationsKeepTheBestOnesSamplesAndEveryMedian() {
        RunRows rows = rows(List.of(CopyDirection.H2D, CopyDirection.D2H), OptionalDouble.of(4.0));
        double[] slow = {2e-3, 2e-3, 2e-3};
        double[] fast = {1e-3, 1e-3, 1e-3};
        rows.addBestOf(HostMemoryKind.PINNED, SIZE, List.of(slow, fast), List.of(fast, slow), true,
                List.of(Optional.empty(), Optional.empty()));
        assertEquals(2, rows.count());
        for (BandwidthResult row : rows.results()) {
            assertEquals(1.0, row.gigabytesPerSecond().median(), 1e-9, row.direction() + " from its best allocation");
            assertEquals(25.0, row.percentOfLink().orElseThrow(), 1e-9);
            assertEquals(2, row.allocations().orElseThrow().medians().size());
        }
        RunRows one = rows(List.of(CopyDirection.H2D), OptionalDouble.empty());
        one.addBestOf(HostMemoryKind.PINNED, SIZE, List.of(fast), List.of(new double[0]), true,
                List.of(Optional.empty()));
        assertTrue(one.results().getFirst().allocations().isEmpty(), "one allocation has no spread to show");
    }

    @Test
    void aDeviceLocalRowHasNoShareOfTheLink() {
        RunRows rows = rows(List.of(CopyDirection.D2D), OptionalDouble.of(4.0));
        rows.addRow(MeasuredMemory.fromLabel("device"), RowDirection.fromLabel("d2d"), SIZE, new double[] {1e-3}, true, Optional.empty(),
                CopyPath.DRIVER, Optional.empty(), Optional.empty());
        assertTrue(rows.results().getFirst().percentOfLink().isEmpty());
    }

    @Test
    void aNaNTimeKeepsTheConfigurationUnmeasuredWithItsReasonNeverARow() {
        RunRows rows = rows(List.of(CopyDirection.H2D, CopyDirection.D2H), OptionalDouble.of(4.0));
        rows.addRoundTrip(HostMemoryKind.PINNED, SIZE, new double[] {1e-3, 1e-3, Double.NaN}, new double[] {1e-3, 1e-3, 1e-3},
                true, Optional.empty(), CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(4)));
        assertEquals(List.of(RowDirection.D2H), rows.results().stream().map(BandwidthResult::direction).toList(),
                "the other direction's samples are whole: its row stands");
        Unmeasured h2d = rows.unmeasured().getFirst();
        assertEquals(1, rows.unmeasured().size());
        assertEquals("pinned kernel 4 blocks h2d 1000000 B: not measured: sample 3 of 3 was NaN s: the timer gave no time",
                h2d.describe());
        assertEquals(List.of(h2d), tally.unmeasured(), "kept in the run's tally at once");
        assertEquals(rows.results(), tally.results());
        assertEquals(List.of("kept", "kept"), streamed, "the tally told the command of each, so it streams");
    }

    @Test
    void aZeroTimeOnAnyAllocationLeavesTheBestOfUnmeasured() {
        RunRows rows = rows(List.of(CopyDirection.H2D), OptionalDouble.empty());
        rows.addBestOf(HostMemoryKind.PINNED, SIZE, List.of(new double[] {1e-3}, new double[] {1e-3, 0}),
                List.of(new double[0], new double[0]), true, List.of(Optional.empty(), Optional.empty()));
        assertEquals(List.of(), rows.results());
        assertEquals(1, rows.count(), "done all the same, for progress");
        assertEquals("pinned h2d 1000000 B: not measured: allocation 2 of 2: sample 2 of 2 took 0.0 s: the timer"
                + " gave no time", rows.unmeasured().getFirst().describe());
    }

    @Test
    void everyPathsRowGoesThroughTheOneCheck() {
        for (double bad : new double[] {Double.NaN, 0, -1e-6, Double.POSITIVE_INFINITY}) {
            RunRows rows = rows(List.of(CopyDirection.D2D), OptionalDouble.empty());
            rows.addRow(MeasuredMemory.fromLabel("device"), RowDirection.fromLabel("d2d"), SIZE, new double[] {1e-3, bad}, true, Optional.empty(), CopyPath.DRIVER,
                    Optional.empty(), Optional.empty());
            rows.addRow(MeasuredMemory.fromLabel("pinned"), RowDirection.fromLabel("bidir-h2d"), SIZE, new double[] {bad}, true, Optional.empty(), CopyPath.STAGED,
                    Optional.empty(), Optional.empty());
            assertEquals(List.of(), rows.results(), "no row from " + bad);
            assertEquals(List.of("device d2d " + SIZE + " B", "pinned staged bidir-h2d " + SIZE + " B"),
                    rows.unmeasured().stream().map(Unmeasured::configuration).toList());
        }
    }

    @Test
    void aStagedRowStandsOnlyWithItsCeilingMeasured() {
        RunRows rows = rows(List.of(CopyDirection.H2D, CopyDirection.D2H), OptionalDouble.empty());
        double[] ms = {1e-3, 1e-3};
        rows.addStaged(HostMemoryKind.PAGEABLE, SIZE, ms, ms, true, Optional.empty(),
                Optional.of(new RunRows.CeilingSamples(new double[] {5e-4, Double.NaN}, ms)),
                Optional.of(new RunRows.CeilingSamples(ms, new double[] {5e-4, 5e-4})));
        BandwidthResult d2h = rows.results().getFirst();
        assertEquals(List.of(RowDirection.D2H), rows.results().stream().map(BandwidthResult::direction).toList());
        assertEquals(CopyPath.STAGED, d2h.copy());
        assertEquals(2.0, d2h.ceiling().orElseThrow().pinnedGbps().median(), 1e-9);
        assertEquals("pageable staged h2d 1000000 B: not measured: its host copies alone: sample 2 of 2 was NaN s:"
                + " the timer gave no time", rows.unmeasured().getFirst().describe());

        RunRows dma = rows(List.of(CopyDirection.D2H), OptionalDouble.empty());
        dma.addStaged(HostMemoryKind.PAGEABLE, SIZE, new double[0], ms, true, Optional.empty(), Optional.empty(),
                Optional.of(new RunRows.CeilingSamples(ms, new double[] {0})));
        assertEquals("its DMA alone: sample 1 of 1 took 0.0 s: the timer gave no time", dma.unmeasured().getFirst().reason());
    }
}
