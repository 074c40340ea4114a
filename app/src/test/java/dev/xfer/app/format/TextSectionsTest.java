package dev.xfer.app.format;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextSectionsTest {

    @Test
    void aBlankLineBetweenSectionsAndEachEndsInANewline() {
        assertEquals("a\nb\n\nc\n", TextSections.joined(List.of("a\nb\n", "c")));
        assertEquals("only\n", TextSections.joined(List.of("only\n")));
        assertEquals("", TextSections.joined(List.of()));
    }
}
