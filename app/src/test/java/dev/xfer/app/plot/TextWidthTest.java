package dev.xfer.app.plot;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextWidthTest {
    @Test
    void errsWideOfHelveticaAdvanceWidths() {
        // DejaVu Sans: "NVIDIA H200" is 6.45 em wide, "pinned.h2d.1MiB.gbps" 11.2 em.
        assertTrue(TextWidth.of("NVIDIA H200", 10) >= 64.5);
        assertTrue(TextWidth.of("pinned.h2d.1MiB.gbps", 10) >= 112);
        assertTrue(TextWidth.of("mmmm", 10) > TextWidth.of("iiii", 10));
        assertEquals(0, TextWidth.of("", 10));
        assertTrue(TextWidth.of("漢字", 10) >= 20);
    }

    @Test
    void capsLongLabels() {
        assertSame("short", TextWidth.capped("short"));
        String cut = TextWidth.capped("x".repeat(1000));
        assertEquals(TextWidth.MAX_CHARACTERS, cut.codePointCount(0, cut.length()));
        assertTrue(cut.endsWith("…"));
    }
}
