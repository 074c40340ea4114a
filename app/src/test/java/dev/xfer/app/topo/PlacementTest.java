package dev.xfer.app.topo;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The placement logic behind each matrix cell. */
class PlacementTest {

    @Test
    void theGpusOwnNodeIsLocalEveryOtherRemote() {
        assertEquals(Placement.LOCAL, Placement.of(OptionalInt.of(1), 1, true));
        assertEquals(Placement.REMOTE, Placement.of(OptionalInt.of(1), 0, true));
        assertEquals(Placement.REMOTE, Placement.of(OptionalInt.of(1), 3, true));
    }

    @Test
    void aGpuWithoutNodeIsUnknownEverywhere() {
        assertEquals(Placement.UNKNOWN, Placement.of(OptionalInt.empty(), 0, true));
        assertEquals(Placement.UNKNOWN, Placement.of(OptionalInt.empty(), 1, false));
    }

    /** With a stand-in node list, another node is not known to be remote: the real layout is unknown. */
    @Test
    void assumedNodesAreNeverRemote() {
        assertEquals(Placement.LOCAL, Placement.of(OptionalInt.of(0), 0, false));
        assertEquals(Placement.UNKNOWN, Placement.of(OptionalInt.of(1), 0, false));
    }

    @Test
    void cells() {
        assertEquals("local", Placement.LOCAL.cell());
        assertEquals("remote", Placement.REMOTE.cell());
        assertEquals("?", Placement.UNKNOWN.cell());
    }
}
