package dev.xfer.app.format;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TerminalTextTest {

    @Test
    void showsControlsBidiAndSeparatorsEscaped() {
        assertEquals("a\\nb\\r\\tc\\", TerminalText.field("a\nb\r\tc\\"));
        assertEquals("\\x1b[2J\\x00\\x7f\\x9b", TerminalText.field("\u001b[2J\u0000\u007f\u009b"));
        assertEquals("\\u202eabc\\u2066\\u200b\\ufeff\\u2028\\u2029\\u061c",
                TerminalText.field("\u202eabc\u2066\u200b\ufeff\u2028\u2029\u061c"));
        assertEquals("\\ud800x", TerminalText.field("\ud800x"));
        assertEquals("\\U000e0001", TerminalText.field(new String(Character.toChars(0xE0001))));
    }

    @Test
    void keepsOrdinaryTextAsItIs() {
        String text = "NVIDIA H200 · gpu-node-01 [run 1] é 漢字 ±3.1% GPU-92c9599e";
        assertSame(text, TerminalText.field(text));
        assertEquals("😀", TerminalText.field("😀"));
    }

    @Test
    void capsAtTheWidthWithAnEllipsis() {
        String exact = "x".repeat(TerminalText.MAX_WIDTH);
        assertEquals(exact, TerminalText.field(exact));
        String capped = TerminalText.field(exact + "y");
        assertEquals(TerminalText.MAX_WIDTH, capped.codePointCount(0, capped.length()));
        assertTrue(capped.endsWith("x…"));
        assertEquals("ab…", TerminalText.escaped("ab\ncd", 3));
        assertEquals("…", TerminalText.escaped("\n\n", 1));
        assertEquals("…", TerminalText.escaped("\u001b", 3));
        assertThrows(IllegalArgumentException.class, () -> TerminalText.escaped("a", 0));
    }

    @Property
    void neverEmitsAControlOrFormatCharacterAndStaysWithinTheCap(@ForAll String text) {
        String shown = TerminalText.field(text);
        assertTrue(shown.codePointCount(0, shown.length()) <= TerminalText.MAX_WIDTH);
        shown.codePoints().forEach(cp -> {
            int type = Character.getType(cp);
            assertFalse(type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR,
                    () -> "U+" + Integer.toHexString(cp) + " in " + shown);
        });
    }
}
