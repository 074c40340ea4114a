package dev.xfer.app.bandwidth;

import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.xfer.app.bandwidth.ConfidentialComputingRules.KERNEL;
import static dev.xfer.app.bandwidth.ConfidentialComputingRules.TMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Confidential Computing does to a bandwidth plan, on recorded NVML states: registered memory
 * and the copy kernel over host memory waived with why, the other host copies marked as bounced,
 * and nothing changed where CC is off or unknown.
 */
class ConfidentialComputingRulesTest {
    private static final Reading<ConfidentialComputingState> ON = Reading.of(new ConfidentialComputingState(true,
            "production", false, Reading.of(true)));

    private static BandwidthPlan plan(List<HostMemoryKind> memories, List<CopyDirection> directions, List<CopyPath> copies) {
        return new BandwidthPlan(List.of(4096L), memories, directions, 5, 1, CopyTimer.EVENTS, copies,
                BandwidthPlan.DEFAULT_STAGING, BlockCounts.DEFAULT);
    }

    /** The reasons are worded in one place now; bandwidth's waivers and goldens keep these bytes. */
    @Test
    void theKernelAndTmaReasonsKeepTheirWords() {
        assertEquals("Confidential Computing is on: the copy kernel reads host memory from the SMs, which the GPU may"
                + " not do in a confidential VM", KERNEL);
        assertEquals("Confidential Computing is on: the TMA copy reads and writes host memory from the SMs, which the"
                + " GPU may not do in a confidential VM", TMA);
        assertEquals("Confidential Computing is on: cudaHostRegister is refused (the GPU may not reach the"
                + " confidential VM's memory directly)", ConfidentialComputing.REGISTERED);
    }

    @Test
    void offOrUnknownChangesNothing() {
        BandwidthPlan all = plan(List.of(HostMemoryKind.values()), List.of(CopyDirection.H2D), List.of(CopyPath.DRIVER));
        for (Reading<ConfidentialComputingState> state : List.of(Reading.of(ConfidentialComputingState.off()),
                Reading.<ConfidentialComputingState>unknown("NVML_ERROR_FUNCTION_NOT_FOUND"))) {
            ConfidentialComputingRules rules = ConfidentialComputingRules.apply(all, state);
            assertEquals(all, rules.plan().orElseThrow());
            assertEquals(List.of(), rules.waived());
            assertEquals(List.of(), rules.notes());
        }
    }

    @Test
    void registeredMemoryIsWaivedAndTheRestMarkedBounced() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED, HostMemoryKind.REGISTERED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), List.of(CopyPath.DRIVER));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED), rules.plan().orElseThrow().memories());
        assertEquals(List.of(new Waiver("registered h2d 4096 B", ConfidentialComputing.REGISTERED),
                new Waiver("registered d2h 4096 B", ConfidentialComputing.REGISTERED)), rules.waived());
        assertTrue(rules.notes().contains(ConfidentialComputing.BOUNCE), rules.notes().toString());
        assertTrue(rules.notes().getFirst().startsWith("Confidential Computing: on (production"), rules.notes().toString());
    }

    @Test
    void theCopyKernelOverHostMemoryIsWaivedAndItsDeviceRowsWithIt() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D, CopyDirection.D2D),
                List.of(CopyPath.DRIVER, CopyPath.KERNEL));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(List.of(CopyPath.DRIVER), rules.plan().orElseThrow().copies());
        assertEquals(List.of(CopyDirection.H2D, CopyDirection.D2D), rules.plan().orElseThrow().directions());
        assertEquals(List.of(new Waiver("pinned kernel h2d 4096 B", ConfidentialComputingRules.KERNEL),
                new Waiver("device kernel d2d 4096 B", ConfidentialComputingRules.KERNEL_D2D)), rules.waived());
    }

    /** --blocks set the waived kernel's grids: the driver's rows that are left are measured, not refused with them. */
    @Test
    void theDriversRowsOutliveTheKernelsBlocks() {
        BandwidthPlan asked = new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D),
                5, 1, CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.parse("4"));
        BandwidthPlan left = ConfidentialComputingRules.apply(asked, ON).plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(BlockCounts.DEFAULT, left.blocks());
    }

    @Test
    void theTmaCopyOverHostMemoryIsWaivedAsTheCopyKernelIs() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D, CopyDirection.D2D),
                List.of(CopyPath.DRIVER, CopyPath.TMA));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(List.of(CopyPath.DRIVER), rules.plan().orElseThrow().copies());
        assertTrue(rules.waived().stream().anyMatch(w -> w.reason().equals(ConfidentialComputingRules.TMA)), rules.waived()::toString);
        assertTrue(rules.waived().stream().anyMatch(w -> w.reason().equals(ConfidentialComputingRules.TMA_D2D)), rules.waived()::toString);
    }

    /**
     * GPU to GPU by the TMA (or the copy kernel) touches no host memory: CC forbids the SMs the
     * confidential VM's memory, not a peer's, so p2p by either is marked as every p2p copy is (the
     * protected-PCIe mode), never waived.
     */
    @Test
    void theTmaCopyBetweenGpusIsMarkedAsEveryPeerCopyNotWaived() {
        for (CopyPath path : List.of(CopyPath.TMA, CopyPath.KERNEL)) {
            BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2D, CopyDirection.P2P),
                    List.of(CopyPath.DRIVER, path));
            ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
            assertEquals(asked, rules.plan().orElseThrow(), path.label());
            assertEquals(List.of(), rules.waived(), path.label());
            assertTrue(rules.notes().contains(ConfidentialComputing.PEERS), rules.notes().toString());
            assertTrue(rules.notes().stream().noneMatch(ConfidentialComputing.BOUNCE::equals), "no host copy to mark");
        }
    }

    @Test
    void hugePagesPageLockedByCudaHostRegisterAreWaivedAsRegisteredMemoryIs() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED, HostMemoryKind.PINNED_HUGE), List.of(CopyDirection.H2D),
                List.of(CopyPath.DRIVER));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(List.of(HostMemoryKind.PINNED), rules.plan().orElseThrow().memories());
        assertEquals(List.of(new Waiver("pinned-huge h2d 4096 B", ConfidentialComputing.REGISTERED)), rules.waived());
    }

    @Test
    void deviceLocalCopiesAloneAreUntouchedButMarkedNowhere() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2D),
                List.of(CopyPath.DRIVER, CopyPath.KERNEL));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(asked, rules.plan().orElseThrow());
        assertEquals(List.of(), rules.waived());
        assertTrue(rules.notes().stream().noneMatch(ConfidentialComputing.BOUNCE::equals), "no host copy to mark");
    }

    /**
     * What CC leaves is the plan as asked less what it forbids: {@code --pieces} and the GPU pairs
     * ({@code --pair}) stay, or a run would measure one piece and every pair without being asked.
     */
    @Test
    void whatIsLeftKeepsItsPiecesAndItsPairs() {
        PairChoice pair = new PairChoice.Given(List.of(new GpuPair(1, 0)));
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED, HostMemoryKind.REGISTERED),
                List.of(CopyDirection.H2D, CopyDirection.P2P), List.of(CopyPath.DRIVER, CopyPath.BATCH_API))
                .withPieces(List.of(1, 4)).withPairs(pair);
        BandwidthPlan left = ConfidentialComputingRules.apply(asked, ON).plan().orElseThrow();
        assertEquals(List.of(HostMemoryKind.PINNED), left.memories());
        assertEquals(List.of(1, 4), left.pieces());
        assertEquals(pair, left.pairs());
    }

    /**
     * {@code --copy driver,batch-api --memory registered --direction h2d,d2d}: refusing registered
     * memory took h2d, so the batch API's own rule refuses what is left; it alone is dropped, its
     * configurations waived with why, and the driver's d2d rows are measured. Before, the rebuilt
     * plan was refused as a whole and every path's rows were lost without a waiver.
     */
    @Test
    void aPathWhoseOwnRuleRefusesWhatIsLeftIsWaivedAndTheOthersAreMeasured() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.REGISTERED), List.of(CopyDirection.H2D, CopyDirection.D2D),
                List.of(CopyPath.DRIVER, CopyPath.BATCH_API));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        BandwidthPlan left = rules.plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(List.of(CopyDirection.D2D), left.directions());
        assertEquals(List.of(new Waiver("registered h2d 4096 B", ConfidentialComputing.REGISTERED),
                new Waiver("registered batch-api 1 pieces h2d 4096 B", "Confidential Computing is on: refusing cudaHostRegister"
                        + " took the configurations --copy batch-api needs, and it cannot measure what is left (--copy"
                        + " batch-api measures h2d and d2h, and --direction has neither)")), rules.waived());
    }

    /**
     * {@code --copy driver,batch-api --memory registered,heap --direction h2d}: heap is left, which the
     * batch API cannot take (a heap array may move under an asynchronous copy); the driver's heap rows
     * are measured, and {@code --pieces}, the batch API's alone, goes with it.
     */
    @Test
    void theDriversHeapRowsOutliveTheBatchApi() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.REGISTERED, HostMemoryKind.HEAP), List.of(CopyDirection.H2D),
                List.of(CopyPath.DRIVER, CopyPath.BATCH_API)).withPieces(List.of(1, 4));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        BandwidthPlan left = rules.plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(List.of(HostMemoryKind.HEAP), left.memories());
        assertEquals(List.of(CopyDirection.H2D), left.directions());
        assertEquals(BandwidthPlan.ONE_PIECE, left.pieces());
        assertEquals(List.of("registered h2d 4096 B", "registered batch-api 1 pieces h2d 4096 B",
                "registered batch-api 4 pieces h2d 4096 B"),
                rules.waived().stream().map(Waiver::configuration).toList());
        assertTrue(rules.waived().getLast().reason().endsWith("(--copy batch-api issues asynchronous copies, which"
                + " --memory heap cannot take: add pinned or pageable)"), rules.waived()::toString);
    }

    /**
     * Where CC leaves no path asked for, the driver's own rows are still measured: d2d, which it
     * measures whatever {@code --copy} says, and host memory none of the paths applied to (heap beside
     * {@code --copy batch-api}, which the driver copies). Before, the run ended as waivers alone and
     * those rows were gone without one.
     */
    @Test
    void theDriversOwnRowsOutliveEveryPathAskedFor() {
        BandwidthPlan batch = plan(List.of(HostMemoryKind.REGISTERED), List.of(CopyDirection.H2D, CopyDirection.D2D),
                List.of(CopyPath.BATCH_API));
        ConfidentialComputingRules batchRules = ConfidentialComputingRules.apply(batch, ON);
        BandwidthPlan left = batchRules.plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(List.of(CopyDirection.D2D), left.directions());
        assertEquals(List.of("registered batch-api 1 pieces h2d 4096 B"),
                batchRules.waived().stream().map(Waiver::configuration).toList());

        BandwidthPlan kernel = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D, CopyDirection.D2D),
                List.of(CopyPath.KERNEL));
        ConfidentialComputingRules kernelRules = ConfidentialComputingRules.apply(kernel, ON);
        left = kernelRules.plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(List.of(CopyDirection.D2D), left.directions());
        assertEquals(List.of(new Waiver("pinned kernel h2d 4096 B", ConfidentialComputingRules.KERNEL),
                new Waiver("device kernel d2d 4096 B", ConfidentialComputingRules.KERNEL_D2D)), kernelRules.waived());

        BandwidthPlan heap = plan(List.of(HostMemoryKind.REGISTERED, HostMemoryKind.HEAP), List.of(CopyDirection.H2D),
                List.of(CopyPath.BATCH_API));
        left = ConfidentialComputingRules.apply(heap, ON).plan().orElseThrow();
        assertEquals(List.of(CopyPath.DRIVER), left.copies());
        assertEquals(List.of(HostMemoryKind.HEAP), left.memories());
        assertEquals(List.of(CopyDirection.H2D), left.directions());
    }

    /**
     * Each waiver names a row the run would have had: {@code --copy staged} serves pageable memory
     * alone, so registered memory's row is the driver's ({@code registered h2d}), never
     * {@code registered staged h2d}, a configuration no run measures. Before, every path asked for
     * was named beside every kind waived.
     */
    @Test
    void waiversNameOnlyTheRowsTheRunWouldHaveHad() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.REGISTERED), List.of(CopyDirection.H2D),
                List.of(CopyPath.STAGED));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertEquals(List.of("registered h2d 4096 B"), rules.waived().stream().map(Waiver::configuration).toList());
        assertEquals(List.of(HostMemoryKind.PAGEABLE), rules.plan().orElseThrow().memories());
    }

    /** The copy kernel alone over host memory: nothing is left, not even the driver's (it had no row). */
    @Test
    void theKernelAloneOverHostMemoryLeavesWaiversAlone() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D), List.of(CopyPath.KERNEL));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertTrue(rules.plan().isEmpty(), rules.plan()::toString);
        assertEquals(List.of(new Waiver("pinned kernel h2d 4096 B", ConfidentialComputingRules.KERNEL)), rules.waived());
    }

    /**
     * The bounce buffer's note marks host copies that are measured: where CC waived every path that
     * would copy host memory, none is left to mark, whatever directions and kinds were asked for.
     * Before, it was added wherever host directions and kinds were left, copies or not.
     */
    @Test
    void noHostCopyLeftIsNoBounceBuffer() {
        for (List<CopyDirection> directions : List.of(List.of(CopyDirection.H2D),
                List.of(CopyDirection.H2D, CopyDirection.P2P), List.of(CopyDirection.H2D, CopyDirection.D2D))) {
            BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), directions, List.of(CopyPath.KERNEL));
            List<String> notes = ConfidentialComputingRules.apply(asked, ON).notes();
            assertTrue(notes.stream().noneMatch(ConfidentialComputing.BOUNCE::equals), directions + ": " + notes);
            assertTrue(notes.getFirst().startsWith("Confidential Computing: on (production"), notes.toString());
        }
    }

    /**
     * Copies a run makes beside the plan's rows ({@code --concurrent}: the driver's copies of pinned
     * memory on every GPU at once) go through the bounce buffer too, marked even where the plan's own
     * host copies were all waived.
     */
    @Test
    void hostCopiesBesideThePlanAreMarkedBounced() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D), List.of(CopyPath.KERNEL));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON, true);
        assertTrue(rules.plan().isEmpty(), rules.plan()::toString);
        assertEquals(List.of(ConfidentialComputing.BOUNCE), rules.notes().subList(1, rules.notes().size()));
    }

    @Test
    void onlyRegisteredMemoryLeavesNothingToMeasure() {
        BandwidthPlan asked = plan(List.of(HostMemoryKind.REGISTERED), List.of(CopyDirection.H2D), List.of(CopyPath.DRIVER));
        ConfidentialComputingRules rules = ConfidentialComputingRules.apply(asked, ON);
        assertTrue(rules.plan().isEmpty(), "a run of waivers alone");
        assertEquals(List.of(new Waiver("registered h2d 4096 B", ConfidentialComputing.REGISTERED)), rules.waived());
    }
}
