package dev.xfer.app.bandwidth;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.MIB16;
import static dev.xfer.app.output.ResultsFixtures.summary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --allocations K: the best and worst of the per-allocation medians, in the plan, the text and the JSON. */
class AllocationSpreadTest {
    @Test
    void bestAndWorstAreTheExtremeMediansAndTheSpreadIsWorstBelowBest() {
        AllocationSpread spread = new AllocationSpread(List.of(45.9, 54.8, 50.0));
        assertEquals(3, spread.count());
        assertEquals(54.8, spread.best());
        assertEquals(45.9, spread.worst());
        assertEquals(1, spread.bestIndex());
        assertEquals((54.8 - 45.9) / 54.8 * 100, spread.spreadPercent(), 1e-12);
        assertEquals(0, new AllocationSpread(List.of(53.0, 53.0)).spreadPercent());
        assertThrows(IllegalArgumentException.class, () -> new AllocationSpread(List.of()));
    }

    @Test
    void thePlanTakesOneToSixtyFourAllocations() {
        BandwidthPlan plan = ResultsFixtures.bandwidthPlan();
        assertEquals(1, plan.allocations(), "one allocation unless asked");
        assertEquals(64, plan.withAllocations(64).allocations());
        var zero = assertThrows(IllegalArgumentException.class, () -> plan.withAllocations(0));
        assertEquals("--allocations must be 1 to 64, not 0", zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plan.withAllocations(65));
        assertEquals(3, plan.withAllocations(3).perDevice().orElseThrow().allocations(), "kept for each device");
    }

    /** Only the driver's h2d and d2h repeat on fresh buffers: elsewhere the count would be written and measured nowhere. */
    @Test
    void allocationsNeedTheDriversHostCopies() {
        String why = "--allocations 3 repeats the driver's h2d and d2h copies on fresh host buffers: it needs --copy"
                + " driver and --direction h2d or d2h";
        BandwidthPlan kernel = new BandwidthPlan(List.of(1L << 20), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 3, 1, CopyTimer.EVENTS, List.of(CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.DEFAULT);
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> kernel.withAllocations(3)).getMessage());
        BandwidthPlan d2d = new BandwidthPlan(List.of(1L << 20), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.D2D, CopyDirection.BIDIR), 3, 1, CopyTimer.EVENTS);
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> d2d.withAllocations(3)).getMessage());
        assertEquals(1, kernel.withAllocations(1).allocations(), "one allocation is every path's");
        var cli = dev.xfer.app.cli.XferRun.of("bandwidth", "--copy", "kernel", "--allocations", "3");
        assertEquals(2, cli.exitCode(), cli.err());
        assertEquals("xfer: " + why, cli.err().strip());
    }

    @Test
    void badAllocationCountsAreUsageErrorsBeforeCuda() {
        var zero = dev.xfer.app.cli.XferRun.of("bandwidth", "--allocations", "0");
        assertEquals(2, zero.exitCode(), zero.err());
        assertEquals("xfer: --allocations must be 1 to 64, not 0", zero.err().strip());
        var concurrent = dev.xfer.app.cli.XferRun.of("bandwidth", "--concurrent", "--device", "0,1", "--memory", "pinned",
                "--allocations", "3");
        assertEquals(2, concurrent.exitCode(), concurrent.err());
        assertEquals("xfer: --concurrent measures one host allocation per GPU; --allocations 3 is for one GPU at a time",
                concurrent.err().strip());
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonCarriesCountBestAndWorstOnlyWhereSeveralWereMeasured() {
        BandwidthResults report = withSpread();
        List<BandwidthRow> rows = BandwidthRow.rows(report.results());
        assertEquals(Optional.of(new BandwidthRow.Allocations(3, 53.5, 41.0)), rows.getLast().allocations());
        assertEquals(Optional.empty(), rows.getFirst().allocations(), "one allocation: no object");
        assertEquals(OptionalInt.of(3), BandwidthParameters.of(report.plan(), Optional.empty()).allocations());
        assertEquals(OptionalInt.empty(),
                BandwidthParameters.of(ResultsFixtures.bandwidthPlan(), Optional.empty()).allocations());
        assertFalse(Json.write(BandwidthParameters.of(ResultsFixtures.bandwidthPlan(), Optional.empty()))
                .contains("allocations"), "one allocation: not a parameter");
        // It survives the writer: what fleet and compare read.
        String json = Json.write(JsonMaps.object("results", rows));
        assertTrue(json.contains("\"allocations\": {\"count\": 3, \"best\": 53.5, \"worst\": 41.0}")
                || json.replaceAll("\\s+", "").contains("\"allocations\":{\"count\":3,\"best\":53.5,\"worst\":41.0}"), json);
    }

    @Test
    void textSaysHowFarTheWorstFellBelowTheBest() {
        String text = BandwidthText.render(withSpread());
        assertTrue(text.contains("allocations: pinned d2h 16777216 B: best of 3 host allocations 53.50 GB/s,"
                + " worst 41.00 GB/s (23.4% below best)\n"), text);
        assertEquals(1, text.lines().filter(l -> l.startsWith("allocations:")).count(), text);
    }

    private static BandwidthResults withSpread() {
        BandwidthResults base = ResultsFixtures.bandwidthReport();
        List<BandwidthResult> results = new ArrayList<>(base.results().stream()
                .filter(r -> !(r.memory().label().equals("pinned") && r.direction() == RowDirection.D2H)).toList());
        results.add(new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("d2h"), MIB16, summary(20, 53.5, 53.0, 54.0, 53.5, 0.25),
                summary(20, 313.6, 310.7, 316.55, 313.6, 1.5), OptionalDouble.of(84.9), true, OptionalInt.empty(),
                Optional.empty(), CopyPath.DRIVER, Optional.empty(), Optional.empty(),
                Optional.of(new AllocationSpread(List.of(41.0, 53.5, 50.2)))));
        return new BandwidthResults(base.context(), base.plan().withAllocations(3), results, List.of(), List.of());
    }
}
