package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.xfer.app.bandwidth.CopyDirection.BIDIR;
import static dev.xfer.app.bandwidth.CopyDirection.D2D;
import static dev.xfer.app.bandwidth.CopyDirection.D2H;
import static dev.xfer.app.bandwidth.CopyDirection.H2D;
import static dev.xfer.cuda.HostMemoryKind.HEAP;
import static dev.xfer.cuda.HostMemoryKind.PAGEABLE;
import static dev.xfer.cuda.HostMemoryKind.PINNED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a bandwidth run will allocate and how many result rows it will produce. */
class BandwidthPlanTest {
    private static final long MIB16 = 16L << 20;

    private static BandwidthPlan plan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions) {
        return new BandwidthPlan(sizes, memories, directions, 20, 5, CopyTimer.EVENTS);
    }

    @Test
    void hostDirectionsNeedOneDeviceBuffer() {
        BandwidthPlan p = plan(List.of(MIB16), List.of(PINNED), List.of(H2D, D2H));
        assertEquals(MIB16, p.deviceBytesNeeded(MIB16));
    }

    @Test
    void d2dNeedsTwoDeviceBuffers() {
        assertEquals(2 * MIB16, plan(List.of(MIB16), List.of(PINNED), List.of(D2D)).deviceBytesNeeded(MIB16));
        assertEquals(2 * MIB16, plan(List.of(MIB16), List.of(PINNED), List.of(H2D, D2D)).deviceBytesNeeded(MIB16));
    }

    @Test
    void bidirNeedsTwoDeviceBuffers() {
        assertEquals(2 * MIB16, plan(List.of(MIB16), List.of(PINNED), List.of(BIDIR)).deviceBytesNeeded(MIB16));
    }

    @Test
    void deviceBytesBeyondTwoGiB() {
        long size = (3L << 30) + 5;
        assertEquals(2 * size, plan(List.of(size), List.of(PINNED), List.of(D2D)).deviceBytesNeeded(size));
        assertThrows(ArithmeticException.class,
                () -> plan(List.of(1L), List.of(PINNED), List.of(D2D)).deviceBytesNeeded(Long.MAX_VALUE / 2 + 1));
    }

    @Test
    void hostCopiesOnlyWhenADirectionCrossesTheLink() {
        assertFalse(plan(List.of(4096L), List.of(PINNED), List.of(D2D)).measuresHostCopies());
        assertTrue(plan(List.of(4096L), List.of(PINNED), List.of(D2D, BIDIR)).measuresHostCopies());
        assertTrue(plan(List.of(4096L), List.of(PINNED), List.of(D2H)).measuresHostCopies());
    }

    @Test
    void configurationsOfTheDefaultRun() {
        // 3 sizes x 2 kinds x (h2d, d2h)
        assertEquals(12, plan(List.of(4096L, 65536L, MIB16), List.of(PAGEABLE, PINNED), List.of(H2D, D2H)).configurations());
    }

    @Test
    void d2dIsOneRowPerSizeWhateverTheKinds() {
        assertEquals(2, plan(List.of(4096L, MIB16), List.of(PAGEABLE, PINNED, HEAP), List.of(D2D)).configurations());
    }

    @Test
    void bidirIsTwoRowsPerKindThatAllowsAsyncCopies() {
        assertEquals(4, plan(List.of(MIB16), List.of(PAGEABLE, PINNED), List.of(BIDIR)).configurations());
        assertEquals(2, plan(List.of(MIB16), List.of(PINNED, HEAP), List.of(BIDIR)).configurations(),
                "heap takes no part in bidir");
    }

    @Test
    void configurationsMatchTheRowsOfAFullRun() {
        // as BandwidthOnGpuTest counts them: per size h2d + d2h for 6 kinds, bidir for the 5 async kinds
        // (2 rows each), one d2d, one d2d-read, one d2d-write
        BandwidthPlan p = plan(List.of(4096L, MIB16, 3L << 30), List.of(HostMemoryKind.values()),
                List.of(CopyDirection.values()));
        assertEquals(6, HostMemoryKind.values().length);
        assertEquals(3 * (6 * 2 + 5 * 2 + 1 + 2), p.configurations());
    }

    @Test
    void validation() {
        assertEquals("--iterations must be at least 1, not 0", assertThrows(IllegalArgumentException.class,
                () -> new BandwidthPlan(List.of(1L), List.of(PINNED), List.of(H2D), 0, 5, CopyTimer.EVENTS)).getMessage());
        assertEquals("--warmup must not be negative, not -1", assertThrows(IllegalArgumentException.class,
                () -> new BandwidthPlan(List.of(1L), List.of(PINNED), List.of(H2D), 1, -1, CopyTimer.EVENTS)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(), List.of(PINNED), List.of(H2D)));
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(1L), List.of(), List.of(H2D)));
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(1L), List.of(PINNED), List.of()));
    }
}
