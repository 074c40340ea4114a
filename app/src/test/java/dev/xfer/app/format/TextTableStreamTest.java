package dev.xfer.app.format;

import dev.xfer.app.format.TextTable.Column;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Rows streamed through {@link TextTable#write} give the text of the same rows collected and rendered. */
class TextTableStreamTest {
    private static TextTable table() {
        return TextTable.titled("model (3 GPU runs)", Column.left("result"), Column.right("value"), Column.left(""));
    }

    @Test
    void streamedRowsAreRenderedRows() throws IOException {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("pinned.h2d.64MiB.gbps", "55.1", ""));
        rows.add(List.of("", "9.5", "OUTLIER"));
        rows.add(List.of("a\nfleet: PASS\u202e", "1", "x".repeat(300)));
        for (int i = 0; i < 100; i++) {
            rows.add(List.of("r" + i, Integer.toString(i * 37), i % 7 == 0 ? "OUTLIER" : ""));
        }
        TextTable collected = table();
        rows.forEach(collected::addRow);
        StringWriter streamed = new StringWriter();
        table().write(streamed, "  ", rows);
        assertEquals(collected.render("  "), streamed.toString());
    }

    @Test
    void aStreamedRowOfTheWrongWidthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> table().write(new StringWriter(), "", List.of(List.of("one"))));
    }
}
