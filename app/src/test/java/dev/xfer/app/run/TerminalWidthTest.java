package dev.xfer.app.run;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TerminalWidthTest {
    @Test
    void columnsFromTheEnvironmentOr80() {
        assertEquals(80, TerminalWidth.columns(Map.of()));
        assertEquals(132, TerminalWidth.columns(Map.of("COLUMNS", "132")));
        assertEquals(80, TerminalWidth.columns(Map.of("COLUMNS", "wide")));
        assertEquals(80, TerminalWidth.columns(Map.of("COLUMNS", "0")));
    }

    @Test
    void colourOnlyOnATerminalWithoutNoColor() {
        assertTrue(TerminalWidth.colour(Map.of(), true));
        assertFalse(TerminalWidth.colour(Map.of(), false));
        assertFalse(TerminalWidth.colour(Map.of("NO_COLOR", ""), true));
        assertFalse(TerminalWidth.colour(Map.of("NO_COLOR", "1"), true));
    }
}
