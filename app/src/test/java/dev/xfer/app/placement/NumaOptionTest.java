package dev.xfer.app.placement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading --numa-node's text. */
class NumaOptionTest {

    @Test
    void numbersAutoAndAll() {
        assertEquals(NumaOption.node(0), NumaOption.parse("0"));
        assertEquals(NumaOption.node(12), NumaOption.parse(" 12 "));
        assertEquals(NumaOption.node(1023), NumaOption.parse("1023"));
        assertEquals(NumaOption.AUTO, NumaOption.parse("auto"));
        assertEquals(NumaOption.AUTO, NumaOption.parse("AUTO"));
        assertEquals(NumaOption.ALL, NumaOption.parse("All"));
        assertEquals(NumaOption.NONE, NumaOption.parse(null));
    }

    @Test
    void labelsAreWhatResultsCarry() {
        assertEquals(Optional.of("3"), NumaOption.node(3).label());
        assertEquals(Optional.of("auto"), NumaOption.AUTO.label());
        assertEquals(Optional.of("all"), NumaOption.ALL.label());
        assertEquals(Optional.empty(), NumaOption.NONE.label());
        assertTrue(NumaOption.ALL.given());
        assertFalse(NumaOption.NONE.given());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "-1", "one", "0x1", "1.0", "0,1", "0-1", "near", "1024", "99999", "+1"})
    void anythingElseIsRefusedWithTheText(String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> NumaOption.parse(text));
        assertTrue(e.getMessage().startsWith("--numa-node takes a node number"), e.getMessage());
    }

    @Test
    void aNodeNumberGoesWithNodeOnly() {
        assertThrows(IllegalArgumentException.class, () -> new NumaOption(NumaOption.Kind.AUTO, 1));
        assertThrows(IllegalArgumentException.class, () -> new NumaOption(NumaOption.Kind.NODE, -1));
    }
}
