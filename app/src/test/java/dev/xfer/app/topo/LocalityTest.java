package dev.xfer.app.topo;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The placement logic behind each matrix cell. */
class LocalityTest {

    @Test
    void theGpusOwnNodeIsLocalEveryOtherRemote() {
        assertEquals(Locality.LOCAL, Locality.of(OptionalInt.of(1), 1, true));
        assertEquals(Locality.REMOTE, Locality.of(OptionalInt.of(1), 0, true));
        assertEquals(Locality.REMOTE, Locality.of(OptionalInt.of(1), 3, true));
    }

    @Test
    void aGpuWithoutNodeIsUnknownEverywhere() {
        assertEquals(Locality.UNKNOWN, Locality.of(OptionalInt.empty(), 0, true));
        assertEquals(Locality.UNKNOWN, Locality.of(OptionalInt.empty(), 1, false));
    }

    /** With a stand-in node list, another node is not known to be remote: the real layout is unknown. */
    @Test
    void assumedNodesAreNeverRemote() {
        assertEquals(Locality.LOCAL, Locality.of(OptionalInt.of(0), 0, false));
        assertEquals(Locality.UNKNOWN, Locality.of(OptionalInt.of(1), 0, false));
    }

    @Test
    void cells() {
        assertEquals("local", Locality.LOCAL.cell());
        assertEquals("remote", Locality.REMOTE.cell());
        assertEquals("?", Locality.UNKNOWN.cell());
    }
}
