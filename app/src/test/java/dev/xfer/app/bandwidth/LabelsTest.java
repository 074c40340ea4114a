package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The labels the command line takes and the results print, for directions and host memory kinds. */
class LabelsTest {

    /** The label in random letter case with random blanks around it, as a user might type it. */
    private static String sloppy(String label, long seed) {
        Random random = new Random(seed);
        StringBuilder out = new StringBuilder(" ".repeat(random.nextInt(3)));
        for (char c : label.toCharArray()) {
            out.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
        }
        return out.append(random.nextBoolean() ? "\t" : "").toString();
    }

    @Property(tries = 200)
    void directionLabelsParseBack(@ForAll CopyDirection direction, @ForAll long seed) {
        assertEquals(direction, CopyDirection.fromLabel(direction.label()));
        assertEquals(direction, CopyDirection.fromLabel(sloppy(direction.label(), seed)));
        assertEquals(direction.label(), direction.toString());
    }

    @Property(tries = 200)
    void memoryLabelsParseBack(@ForAll HostMemoryKind kind, @ForAll long seed) {
        assertEquals(kind, HostMemoryKind.fromLabel(kind.label()));
        assertEquals(kind, HostMemoryKind.fromLabel(sloppy(kind.label(), seed)));
        assertEquals(kind.label(), kind.toString());
    }

    @Provide
    Arbitrary<String> notALabel() {
        return Arbitraries.strings().ofMaxLength(16)
                .filter(s -> Arrays.stream(CopyDirection.values()).noneMatch(d -> d.label().equals(s.strip().toLowerCase(Locale.ROOT))))
                .filter(s -> Arrays.stream(HostMemoryKind.values()).noneMatch(k -> k.label().equals(s.strip().toLowerCase(Locale.ROOT))));
    }

    @Property(tries = 200)
    void anythingElseIsRefused(@ForAll("notALabel") String text) {
        assertThrows(IllegalArgumentException.class, () -> CopyDirection.fromLabel(text));
        assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.fromLabel(text));
    }

    @Example
    void theLabels() {
        assertEquals(List.of("h2d", "d2h", "d2d", "d2d-read", "d2d-write", "bidir", "p2p"),
                Arrays.stream(CopyDirection.values()).map(CopyDirection::label).toList());
        assertEquals(List.of("pageable", "pinned", "pinned-huge", "registered", "write-combined", "heap"),
                Arrays.stream(HostMemoryKind.values()).map(HostMemoryKind::label).toList());
        assertEquals("events", CopyTimer.EVENTS.label());
        assertEquals("wall", CopyTimer.WALL.label());
    }

    @Example
    void refusalsNameTheInputAndTheChoices() {
        IllegalArgumentException d = assertThrows(IllegalArgumentException.class, () -> CopyDirection.fromLabel("up"));
        assertEquals("unknown direction 'up' (expected h2d, d2h, d2d, d2d-read, d2d-write, bidir or p2p)", d.getMessage());
        IllegalArgumentException m = assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.fromLabel("gpu"));
        assertEquals("unknown host memory kind 'gpu' (expected pageable, pinned, pinned-huge, registered, write-combined or heap)",
                m.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.fromLabel("write_combined"));
        assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.fromLabel("WRITE_COMBINED"));
    }

    @Example
    void onlyDeviceLocalAndP2pStayOffTheHostLink() {
        for (CopyDirection d : CopyDirection.values()) {
            assertEquals(!d.deviceLocal() && d != CopyDirection.P2P, d.crossesLink(), d.label());
        }
    }

    @Example
    void pageLockedAndAsyncKinds() {
        assertFalse(HostMemoryKind.PAGEABLE.isPageLocked());
        assertFalse(HostMemoryKind.HEAP.isPageLocked());
        assertTrue(HostMemoryKind.PINNED.isPageLocked());
        assertTrue(HostMemoryKind.REGISTERED.isPageLocked());
        assertTrue(HostMemoryKind.WRITE_COMBINED.isPageLocked());
        for (HostMemoryKind k : HostMemoryKind.values()) {
            assertEquals(k != HostMemoryKind.HEAP, k.allowsAsyncCopies(), k.label());
        }
    }
}
