package dev.xfer.app.bandwidth;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;
import java.util.Optional;

import static dev.xfer.app.bandwidth.CopyDirection.BIDIR;
import static dev.xfer.app.bandwidth.CopyDirection.D2D;
import static dev.xfer.app.bandwidth.CopyDirection.D2D_READ;
import static dev.xfer.app.bandwidth.CopyDirection.D2D_WRITE;
import static dev.xfer.app.bandwidth.CopyDirection.D2H;
import static dev.xfer.app.bandwidth.CopyDirection.H2D;
import static dev.xfer.cuda.HostMemoryKind.PAGEABLE;
import static dev.xfer.cuda.HostMemoryKind.PINNED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plan's part of {@code --copy tma} and {@code --direction d2d-read,d2d-write}: which rows, which
 * names, which grids, and the waivers of a device without TMA, all decided before anything runs.
 */
class TmaAndReadWritePlanTest {
    private static final long MIB = 1L << 20;

    private static BandwidthPlan plan(List<HostMemoryKind> memories, List<CopyDirection> directions,
                                      List<CopyPath> copies, BlockCounts blocks) {
        return new BandwidthPlan(List.of(MIB), memories, directions, 3, 1, CopyTimer.EVENTS, copies,
                BandwidthPlan.DEFAULT_STAGING, blocks);
    }

    @Test
    void tmaIsAPathOnAGridBesideTheKernel() {
        assertEquals(CopyPath.TMA, CopyPath.fromLabel("tma"));
        assertTrue(CopyPath.TMA.launchesGrid());
        assertTrue(CopyPath.KERNEL.launchesGrid());
        assertFalse(CopyPath.DRIVER.launchesGrid());
        assertFalse(CopyPath.STAGED.launchesGrid());
    }

    @Test
    void readAndWriteAreDeviceLocalDirectionsOfTheSmsAlone() {
        assertEquals(D2D_READ, CopyDirection.fromLabel("d2d-read"));
        assertEquals(D2D_WRITE, CopyDirection.fromLabel("D2D-Write"));
        for (CopyDirection d : List.of(D2D, D2D_READ, D2D_WRITE)) {
            assertTrue(d.deviceLocal(), d.label());
            assertFalse(d.crossesLink(), d.label());
        }
        assertFalse(D2D.kernelOnly());
        assertTrue(D2D_READ.kernelOnly());
        assertFalse(H2D.deviceLocal());
    }

    @Test
    void tmaRowsPerGridForHostDirectionsAndD2dButNotBidir() {
        BandwidthPlan p = plan(List.of(PINNED), List.of(H2D, D2H, BIDIR, D2D), List.of(CopyPath.DRIVER, CopyPath.TMA),
                BlockCounts.parse("1,2,4"));
        // h2d, d2h: driver 1 + tma 3 each; bidir: driver's two rows only; d2d: driver 1 + tma 3.
        assertEquals(4 + 4 + 2 + 4, p.configurations(3));
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.TMA), p.deviceCopyPaths());
        assertEquals(List.of(CopyPath.DRIVER), p.bidirPathsFor(PINNED));
        assertTrue(p.launchesGrids());
        assertFalse(p.kernelCopies());
    }

    @Test
    void readAndWriteRowsOnePerGridWhateverTheCopyPaths() {
        BandwidthPlan p = plan(List.of(PINNED), List.of(D2D, D2D_READ, D2D_WRITE), List.of(CopyPath.DRIVER),
                BlockCounts.parse("64,128"));
        assertEquals(1 + 2 + 2, p.configurations(2));
        assertTrue(p.launchesGrids());
        assertTrue(p.showsCopyPath());
        assertFalse(p.measuresHostCopies());
        assertEquals(2 * MIB, p.deviceBytesNeeded(MIB));
        assertEquals(List.of(D2D_READ, D2D_WRITE), p.readWriteDirections());
    }

    @Test
    void namesOfTmaAndReadWriteRowsCarryTheirGrid() {
        BandwidthPlan p = plan(List.of(PINNED), List.of(H2D, D2D, D2D_READ, D2D_WRITE), List.of(CopyPath.TMA),
                BlockCounts.parse("8,16"));
        List<String> names = p.declarations(false).stream().map(MetricDeclaration::name).toList();
        assertEquals(List.of("pinned.tma.h2d.1MiB.blocks8", "pinned.tma.h2d.1MiB.blocks16", "device.d2d.1MiB",
                "device.tma.d2d.1MiB.blocks8", "device.tma.d2d.1MiB.blocks16", "device.kernel.d2d-read.1MiB.blocks8",
                "device.kernel.d2d-read.1MiB.blocks16", "device.kernel.d2d-write.1MiB.blocks8",
                "device.kernel.d2d-write.1MiB.blocks16"), names);
    }

    @Test
    void blocksNeedAGridPath() {
        assertEquals("--blocks sets the copy kernel's grid: it needs --copy kernel or tma, or --direction d2d-read"
                        + " or d2d-write",
                assertThrows(IllegalArgumentException.class, () -> plan(List.of(PINNED), List.of(H2D),
                        List.of(CopyPath.DRIVER), BlockCounts.parse("8"))).getMessage());
        plan(List.of(PINNED), List.of(H2D), List.of(CopyPath.TMA), BlockCounts.parse("8"));
        plan(List.of(PINNED), List.of(D2D_WRITE), List.of(CopyPath.DRIVER), BlockCounts.parse("8"));
    }

    /** The TMA has no bidir row: a plan of bidir alone for it is refused rather than measuring nothing. */
    @Test
    void tmaWithBidirAloneIsRefused() {
        String why = "--copy tma copies one way at a time and has no bidir row: add h2d, d2h, d2d or p2p, or measure"
                + " bidir with --copy driver or kernel";
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> plan(List.of(PINNED), List.of(BIDIR),
                List.of(CopyPath.TMA), BlockCounts.DEFAULT)).getMessage());
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> plan(List.of(PINNED), List.of(BIDIR),
                List.of(CopyPath.DRIVER, CopyPath.TMA), BlockCounts.DEFAULT)).getMessage());
        plan(List.of(PINNED), List.of(BIDIR, H2D), List.of(CopyPath.TMA), BlockCounts.DEFAULT);
        assertUsageError(why, "--copy", "tma", "--direction", "bidir");
    }

    /** Heap memory allows no asynchronous copy, so bidir alone over it would be an empty run: refused. */
    @Test
    void bidirOverHeapAloneIsRefused() {
        String why = "--direction bidir queues both ways at once, and --memory heap allows no asynchronous copy (a heap"
                + " array may move): add pinned or pageable, or another direction";
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> plan(List.of(HostMemoryKind.HEAP),
                List.of(BIDIR), List.of(CopyPath.DRIVER), BlockCounts.DEFAULT)).getMessage());
        plan(List.of(HostMemoryKind.HEAP, PINNED), List.of(BIDIR), List.of(CopyPath.DRIVER), BlockCounts.DEFAULT);
        plan(List.of(HostMemoryKind.HEAP), List.of(BIDIR, H2D), List.of(CopyPath.DRIVER), BlockCounts.DEFAULT);
        assertUsageError(why, "--memory", "heap", "--direction", "bidir");
    }

    /** {@code xfer bandwidth ARGS} ends before CUDA with exit 2 and the one line {@code why}. */
    private static void assertUsageError(String why, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "bandwidth";
        System.arraycopy(args, 0, command, 1, args.length);
        var cli = dev.xfer.app.cli.XferRun.of(command);
        assertEquals(2, cli.exitCode(), cli.err());
        assertEquals("xfer: " + why, cli.err().strip());
    }

    /** p2p rows run one block per SM of the issuing GPU: --blocks with p2p alone would be ignored, so it is refused. */
    @Test
    void blocksWithCopiesBetweenGpusAloneAreRefused() {
        String why = "--blocks sets the grid of the host and d2d rows, and a copy between GPUs (p2p) runs one block per"
                + " SM of its issuing GPU: add h2d, d2h or d2d, or leave --blocks out";
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> plan(List.of(PINNED),
                List.of(CopyDirection.P2P), List.of(CopyPath.KERNEL), BlockCounts.parse("4"))).getMessage());
        plan(List.of(PINNED), List.of(CopyDirection.P2P, D2D), List.of(CopyPath.KERNEL), BlockCounts.parse("4"));
        plan(List.of(PINNED), List.of(CopyDirection.P2P), List.of(CopyPath.KERNEL), BlockCounts.DEFAULT);
    }

    /** p2p by the TMA is a plan now (it was refused while unwritten): beside d2d, and beside the kernel. */
    @Test
    void tmaBetweenGpusIsAPlan() {
        BandwidthPlan p = plan(List.of(PINNED), List.of(D2D, CopyDirection.P2P), List.of(CopyPath.KERNEL, CopyPath.TMA),
                BlockCounts.DEFAULT);
        assertTrue(p.peerCopies() && p.tmaCopies());
        assertTrue(CopyPath.TMA.measuresPeers());
        // p2p adds no per-device rows: d2d's driver, kernel and tma rows alone.
        assertEquals(3, p.configurations());
    }

    @Test
    void tmaSupportFromComputeCapability() {
        assertEquals(Optional.empty(), new TmaSupport(9, 0).absentBecause(0));
        assertEquals(Optional.empty(), new TmaSupport(10, 0).absentBecause(0));
        assertEquals(Optional.of("TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 1 has 8.9"),
                new TmaSupport(8, 9).absentBecause(1));
    }

    @Test
    void everyTmaConfigurationIsWaivedWithTheReason() {
        BandwidthPlan p = new BandwidthPlan(List.of(4096L, MIB), List.of(PAGEABLE, PINNED), List.of(H2D, D2H, D2D),
                3, 1, CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.TMA), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.parse("2,4"));
        List<Waiver> waived = CopyPath.TMA.waivers(p, List.of(2, 4), OptionalInt.empty(), "no TMA here");
        // Per size: h2d and d2h for 2 kinds in 2 grids (8), d2d in 2 grids (2).
        assertEquals(2 * (8 + 2), waived.size());
        assertEquals(new Waiver("pageable tma 2 blocks h2d 4096 B", "no TMA here"), waived.getFirst());
        assertTrue(waived.contains(new Waiver("device tma 4 blocks d2d 1048576 B", "no TMA here")), waived.toString());
        assertTrue(waived.stream().allMatch(w -> w.configuration().contains(" tma ")), waived.toString());
        assertEquals(List.of(), CopyPath.TMA.waivers(plan(List.of(PINNED), List.of(H2D), List.of(CopyPath.KERNEL),
                BlockCounts.DEFAULT), List.of(132), OptionalInt.empty(), "no TMA here"));
    }

    @Test
    void tmaIsNotAPatternPath() {
        assertThrows(IllegalArgumentException.class, () -> new dev.xfer.app.bandwidth.pattern.PatternPlan(
                dev.xfer.app.bandwidth.pattern.TrafficPattern.values()[0], false,
                dev.xfer.app.bandwidth.Initiation.WRITE, CopyPath.TMA, 4096));
    }
}
