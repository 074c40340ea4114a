package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

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

    @Test
    void everyReasonIsOneLine() {
        for (KernelReach reach : new KernelReach[] {new KernelReach(false, false, false), WITH_HMM}) {
            for (HostMemoryKind kind : HostMemoryKind.values()) {
                reach.absentBecause(kind).ifPresent(r -> assertTrue(!r.contains("\n") && r.startsWith(kind.label()), r));
            }
        }
    }
}
