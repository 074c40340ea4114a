package dev.xfer.app.bandwidth;

import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which host memory the copy kernel reads and writes, from a device's attributes; the reason when it cannot. */
class KernelReachTest {
    private static final KernelReach H200_WITHOUT_HMM = new KernelReach(true, true, false);
    private static final KernelReach WITH_HMM = new KernelReach(true, true, true);

    @Test
    void pageLockedKindsAreReachedUnderUnifiedAddressing() {
        for (HostMemoryKind kind : new HostMemoryKind[] {HostMemoryKind.PINNED, HostMemoryKind.REGISTERED,
                HostMemoryKind.WRITE_COMBINED}) {
            assertTrue(H200_WITHOUT_HMM.absentBecause(kind).isEmpty(), kind.label());
        }
    }

    @Test
    void pageableMemoryNeedsPageableMemoryAccess() {
        assertEquals("pageable memory has no kernel rows: this device does not report cudaDevAttrPageableMemoryAccess,"
                        + " so a kernel cannot read malloc'd host memory (that needs HMM or ATS); use pinned, registered"
                        + " or write-combined",
                H200_WITHOUT_HMM.absentBecause(HostMemoryKind.PAGEABLE).orElseThrow());
        assertTrue(WITH_HMM.absentBecause(HostMemoryKind.PAGEABLE).isEmpty());
    }

    @Test
    void heapMemoryIsNeverReached() {
        assertTrue(WITH_HMM.absentBecause(HostMemoryKind.HEAP).orElseThrow().startsWith("heap memory has no kernel rows:"));
    }

    @Test
    void registeredMemoryNeedsItsHostPointerUsable() {
        assertTrue(new KernelReach(true, false, true).absentBecause(HostMemoryKind.REGISTERED).orElseThrow()
                .contains("cudaDevAttrCanUseHostPointerForRegisteredMem is 0"));
        assertTrue(new KernelReach(false, true, true).absentBecause(HostMemoryKind.PINNED).orElseThrow()
                .contains("no unified addressing"));
    }

    private static BandwidthPlan pinnedAndPageable(KernelTiming.Bidir bidir) {
        return new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE),
                List.of(CopyDirection.H2D, CopyDirection.D2H, CopyDirection.BIDIR), 3, 1, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.parse("1,132")).withKernelTiming(new KernelTiming(0, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.BY_SIZE, bidir));
    }

    /**
     * What the grid paths cannot reach is waived, each configuration named as its row would be, with the
     * kind's reason: h2d and d2h per grid for the kernel and the TMA, and the kernel's bidir in the grids
     * it is launched on; the driver's rows and the reachable kinds are untouched, and a path absent from
     * the device altogether (its configurations waived by its own rule) adds nothing here.
     */
    @Test
    void theKindsAGridPathCannotReachAreWaivedRowByRow() {
        List<Integer> grids = List.of(1, 132);
        String why = H200_WITHOUT_HMM.absentBecause(HostMemoryKind.PAGEABLE).orElseThrow();
        List<Waiver> waived = H200_WITHOUT_HMM.waivers(pinnedAndPageable(KernelTiming.Bidir.TWO_STREAMS), grids,
                EnumSet.noneOf(CopyPath.class));
        assertEquals(List.of(
                "pageable kernel 1 blocks h2d 4096 B", "pageable kernel 132 blocks h2d 4096 B",
                "pageable kernel 1 blocks d2h 4096 B", "pageable kernel 132 blocks d2h 4096 B",
                "pageable kernel 1 blocks bidir 4096 B", "pageable kernel 132 blocks bidir 4096 B",
                "pageable tma 1 blocks h2d 4096 B", "pageable tma 132 blocks h2d 4096 B",
                "pageable tma 1 blocks d2h 4096 B", "pageable tma 132 blocks d2h 4096 B"),
                waived.stream().map(Waiver::configuration).toList());
        assertTrue(waived.stream().allMatch(w -> w.reason().equals(why)));
        assertEquals(List.of(), WITH_HMM.waivers(pinnedAndPageable(KernelTiming.Bidir.TWO_STREAMS), grids,
                EnumSet.noneOf(CopyPath.class)));
        assertEquals(6, H200_WITHOUT_HMM.waivers(pinnedAndPageable(KernelTiming.Bidir.TWO_STREAMS), grids,
                EnumSet.of(CopyPath.TMA)).size());
    }

    /** With one vector per thread (the default) the kernel's bidir has one grid by size, whatever --blocks lists. */
    @Test
    void oneVectorBidirIsWaivedInItsOwnGrid() {
        List<String> bidir = H200_WITHOUT_HMM.waivers(pinnedAndPageable(KernelTiming.Bidir.ONE_VECTOR), List.of(1, 132),
                        EnumSet.noneOf(CopyPath.class)).stream().map(Waiver::configuration)
                .filter(c -> c.contains(" bidir ")).toList();
        assertEquals(List.of(ConfigurationLabel.of(HostMemoryKind.PAGEABLE, CopyPath.KERNEL,
                java.util.Optional.of(LaunchShape.oneVectorFor(4096)), "bidir", 4096).text()), bidir);
    }

    @Test
    void everyReasonIsOneLine() {
        for (KernelReach reach : new KernelReach[] {new KernelReach(false, false, false), WITH_HMM}) {
            for (HostMemoryKind kind : HostMemoryKind.values()) {
                reach.absentBecause(kind).ifPresent(r -> assertTrue(!r.contains("\n") && r.startsWith(kind.label()), r));
            }
        }
    }
}
