package dev.xfer.app.bandwidth;

import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.expect.Metric;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The copy kernel's rows in every format: the text report (golden: the copy and blocks columns,
 * the launch line, the blocks sweep, the crossover, the note on pageable memory), CSV columns,
 * and result names that never collide with the driver's.
 */
class KernelCopyRenderingTest {

    @Test
    void textReport() throws IOException {
        GoldenFile.assertMatches("bandwidth-kernel.txt", BandwidthText.render(KernelCopyFixtures.report()),
                "the text report of a kernel-copy run changed; rewrite with -Dxfer.updateGolden=true if on purpose");
    }

    @Test
    void csvCarriesThePathAndTheGrid() {
        String csv = ResultCsv.render(0, KernelCopyFixtures.report().runResults(OptionalDouble.of(63.0)));
        CsvRows rows = CsvRows.of(csv);
        assertTrue(rows.rows().stream().anyMatch(r -> r.get("copy").equals("kernel") && r.get("direction").equals("h2d")
                && r.get("bytes").equals("536870912") && r.get("median").equals("52.0") && r.get("blocks").equals("132")
                && r.get("block_size").equals("512")), csv);
        assertTrue(rows.rows().stream().anyMatch(r -> r.get("copy").equals("driver") && r.get("direction").equals("h2d")
                && r.get("median").equals("55.44") && r.get("blocks").isEmpty()), csv);
    }

    @Test
    void namesNeverCollide() {
        var results = KernelCopyFixtures.report().runResults(OptionalDouble.of(63.0));
        List<String> names = results.metrics().stream().map(Metric::name).toList();
        assertEquals(names.size(), names.stream().distinct().count(), names.toString());
        assertTrue(names.contains("pinned.h2d.512MiB"), names.toString());
        assertTrue(names.contains("pinned.kernel.h2d.512MiB.blocks132"), names.toString());
        assertTrue(names.contains("pinned.kernel.d2h.4KiB.blocks64"), names.toString());
        assertTrue(names.contains("device.kernel.d2d.1MiB.blocks64"), names.toString());
        assertTrue(names.contains("device.d2d.1MiB"), names.toString());
    }

    /** What a run will produce is declared before it runs: exactly the names it then produces (pageable kernel rows aside). */
    @Test
    void declaredNamesCoverTheProducedOnes() {
        BandwidthPlan plan = KernelCopyFixtures.plan();
        List<String> declared = plan.declarations(true).stream()
                .map(dev.xfer.app.expect.MetricDeclaration::name).toList();
        List<String> produced = KernelCopyFixtures.report().runResults(OptionalDouble.of(63.0)).metrics()
                .stream().map(Metric::name).toList();
        assertTrue(declared.containsAll(produced), "produced but not declared: "
                + produced.stream().filter(n -> !declared.contains(n)).toList());
        assertEquals(List.of("pageable.kernel.h2d.4KiB.blocks64", "pageable.kernel.h2d.4KiB.blocks132"),
                declared.stream().filter(n -> !produced.contains(n)).limit(2).toList());
    }

    /**
     * With --blocks given, one-way kernel rows name their grid, but bidir's one-vector rows (their grid
     * from the size) name none, and what is measured is what was declared (a GPU run at --blocks 2,sm
     * once found bidir-h2d.1B.blocks1 measured but not declared).
     */
    @Test
    void oneVectorBidirRowsNameNoGridEvenWithBlocks() {
        BandwidthPlan plan = new BandwidthPlan(List.of(1L), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.BIDIR), 20, 5, CopyTimer.EVENTS,
                List.of(CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING, BlockCounts.parse("2,sm").on(132));
        List<String> declared = plan.declarations(true).stream()
                .map(dev.xfer.app.expect.MetricDeclaration::name).toList();
        assertEquals(List.of("pinned.kernel.h2d.1B.blocks2", "pinned.kernel.h2d.1B.blocks132",
                "pinned.kernel.bidir-h2d.1B", "pinned.kernel.bidir-d2h.1B"), declared);
        LaunchShape oneVector = LaunchShape.oneVectorFor(1);
        List<BandwidthResult> rows = List.of(
                row("h2d", Optional.of(LaunchShape.ofBlocks(2))), row("h2d", Optional.of(LaunchShape.ofBlocks(132))),
                row("bidir-h2d", Optional.of(oneVector)), row("bidir-d2h", Optional.of(oneVector)));
        BandwidthResults report = new BandwidthResults(ResultsFixtures.context(), plan, rows, List.of(), List.of());
        assertEquals(declared, report.runResults(OptionalDouble.of(63.0)).metrics().stream()
                .map(Metric::name).toList());
    }

    private static BandwidthResult row(String direction, Optional<LaunchShape> shape) {
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), 1,
                ResultsFixtures.summary(3, 1e-4, 1e-4, 1e-4, 1e-4, 0), ResultsFixtures.summary(3, 10, 10, 10, 10, 0),
                OptionalDouble.of(0.0), true, OptionalInt.empty(), Optional.empty(), CopyPath.KERNEL, Optional.empty(),
                shape, Optional.empty());
    }

    @Test
    void withoutBlocksTheNamesCarryNoGrid() {
        BandwidthPlan plan = new BandwidthPlan(List.of(KernelCopyFixtures.MIB512), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.BIDIR), 20, 5, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING);
        List<String> declared = plan.declarations(true).stream()
                .map(dev.xfer.app.expect.MetricDeclaration::name).toList();
        assertEquals(List.of("pinned.h2d.512MiB", "pinned.kernel.h2d.512MiB", "pinned.bidir-h2d.512MiB",
                "pinned.bidir-d2h.512MiB", "pinned.kernel.bidir-h2d.512MiB", "pinned.kernel.bidir-d2h.512MiB"), declared);
        assertEquals(6, plan.configurations(1));
        // bidir in one vector per thread (the default) has its own grid: one kernel row pair whatever --blocks says
        assertEquals(7, plan.configurations(2));
        assertEquals(9, plan.withKernelTiming(new KernelTiming(0, KernelTiming.Repeat.LOOP, false, false, KernelTiming.Start.PLAIN,
                KernelTiming.Bidir.ONE_LAUNCH)).configurations(2));
    }
}
