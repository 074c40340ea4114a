package dev.xfer.app.format;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** stdout and stderr under the C locale (a US-ASCII terminal) and under UTF-8. */
class StandardStreamTest {
    private static final String LABEL = "ü✓-é-€-\uD83D\uDE00";

    @Test
    void aTerminalThatCannotShowACharacterGetsItsEscapeNeverAQuestionMark() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StandardStream out = new StandardStream(bytes, StandardCharsets.US_ASCII);
        out.print("label " + LABEL);
        out.flush();
        String shown = bytes.toString(StandardCharsets.US_ASCII);
        assertEquals("label \\u00fc\\u2713-\\u00e9-\\u20ac-\\U0001f600", shown);
        assertFalse(shown.contains("?"));
    }

    @Test
    void aDocumentIsUtf8WhateverTheTerminal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StandardStream out = new StandardStream(bytes, StandardCharsets.US_ASCII);
        out.print("before ü ");
        StandardStream.carriesDocument(out);
        out.print("{\"label\": \"" + LABEL + "\"}");
        out.flush();
        assertEquals("before \\u00fc {\"label\": \"" + LABEL + "\"}", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aUtf8TerminalShowsEverything() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StandardStream out = new StandardStream(bytes, StandardCharsets.UTF_8);
        out.print(LABEL);
        out.flush();
        assertEquals(LABEL, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSurrogatePairSplitAcrossWritesStaysOneCharacter() {
        ByteArrayOutputStream ascii = new ByteArrayOutputStream();
        StandardStream terminal = new StandardStream(ascii, StandardCharsets.US_ASCII);
        ByteArrayOutputStream utf8 = new ByteArrayOutputStream();
        StandardStream document = new StandardStream(utf8, StandardCharsets.US_ASCII);
        StandardStream.carriesDocument(document);
        for (StandardStream out : new StandardStream[] {terminal, document}) {
            out.print('\uD83D');
            out.flush();
            out.print('\uDE00');
            out.flush();
        }
        assertEquals("\\U0001f600", ascii.toString(StandardCharsets.US_ASCII));
        assertEquals("\uD83D\uDE00", utf8.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aLatin1TerminalShowsWhatItHasAndEscapesTheRest() {
        assertEquals("ü\\u2713", StandardStream.shown("ü✓", StandardCharsets.ISO_8859_1));
        assertEquals("\\ud800x", StandardStream.shown("\uD800x", StandardCharsets.UTF_8));
    }
}
