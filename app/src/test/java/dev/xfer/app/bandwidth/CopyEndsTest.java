package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CopyKind;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which way a copy's ends go and what the driver is told about them (no device buffer needed for the host side). */
class CopyEndsTest {
    private static final MemorySegment HOST = MemorySegment.ofArray(new byte[8]);

    @Test
    void theDriverIsToldTheKindOfEachDirection() {
        assertEquals(CopyKind.HOST_TO_DEVICE, new CopyEnds(CopyDirection.H2D, null, HOST, 8).kind());
        assertEquals(CopyKind.DEVICE_TO_HOST, new CopyEnds(CopyDirection.D2H, null, HOST, 8).kind());
        assertEquals(CopyKind.DEVICE_TO_DEVICE, new CopyEnds(CopyDirection.D2D, null, HOST, 8).kind());
    }

    @Test
    void theOtherSideIsTheSourceIntoTheDeviceAndTheTargetOutOfIt() {
        assertSame(HOST, new CopyEnds(CopyDirection.H2D, null, HOST, 8).from());
        assertSame(HOST, new CopyEnds(CopyDirection.D2D, null, HOST, 8).from());
        assertSame(HOST, new CopyEnds(CopyDirection.D2H, null, HOST, 8).to());
    }

    @Test
    void oneCopyGoesOneWay() {
        assertThrows(IllegalArgumentException.class, () -> new CopyEnds(CopyDirection.BIDIR, null, HOST, 8));
        assertThrows(IllegalArgumentException.class, () -> new CopyEnds(CopyDirection.P2P, null, HOST, 8));
    }
}
