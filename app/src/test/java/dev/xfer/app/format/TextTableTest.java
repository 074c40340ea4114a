package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.xfer.app.format.TextTable.Column;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void rendersTitleHeaderUnderlineAndAlignedRows() {
        String text = TextTable.titled("Host to device",
                        Column.left("size"), Column.right("GB/s"), Column.left("note"))
                .addRow("4KiB", "1.20", "")
                .addRow("16MiB", "24.81", "pinned")
                .render();
        assertEquals("""
                Host to device
                size    GB/s  note
                -----  -----  ------
                4KiB    1.20
                16MiB  24.81  pinned
                """, text);
    }

    @Test
    void rendersWithoutTitleOrRows() {
        assertEquals("a  bb\n-  --\n", TextTable.of(Column.left("a"), Column.right("bb")).render());
    }

    @Test
    void widensColumnsToTheWidestCellCountingCodePoints() {
        String text = TextTable.of(Column.right("t"), Column.left("x"))
                .addRow("12µs", "\uD83D\uDE80")
                .render();
        assertEquals("""
                   t  x
                ----  -
                12µs  \uD83D\uDE80
                """, text);
    }

    @Test
    void rejectsRowsOfTheWrongWidth() {
        TextTable table = TextTable.of(Column.left("a"), Column.left("b"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> table.addRow("only one"));
        assertEquals("a row needs 2 cells, got 1: [only one]", e.getMessage());
    }

    @Test
    void escapesTextThatWouldBreakTheGridAndCapsLongCells() {
        TextTable table = TextTable.titled("a\nb", Column.left("x\ry"), Column.left("b"));
        table.addRow("two\nlines", "tab\there");
        table.addRow("x".repeat(1_000_000), "\u001b[2J\u202e");
        List<String> lines = table.render("  ").lines().toList();
        assertEquals(5, lines.size());
        assertEquals("  a\\nb", lines.get(0));
        assertTrue(lines.get(1).startsWith("  x\\ry"), lines.get(1));
        assertTrue(lines.get(3).startsWith("  two\\nlines"), lines.get(3));
        assertTrue(lines.get(3).endsWith("tab\\there"), lines.get(3));
        assertTrue(lines.get(4).startsWith("  " + "x".repeat(TerminalText.MAX_WIDTH - 1) + "…  "), lines.get(4));
        assertTrue(lines.get(4).endsWith("\\x1b[2J\\u202e"), lines.get(4));
        assertThrows(IllegalArgumentException.class, () -> new TextTable(List.of()));
    }

    @Provide
    Arbitrary<List<List<String>>> rows() {
        Arbitrary<String> cell = Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12);
        return cell.list().ofSize(3).list().ofMaxSize(8);
    }

    @Property
    void linesHaveNoTrailingSpacesAndCellsLineUp(@ForAll("rows") List<List<String>> rows) {
        TextTable table = TextTable.of(Column.left("name"), Column.right("n"), Column.left("z"));
        rows.forEach(table::addRow);
        String text = table.render();
        assertEquals(text, table.render());
        List<String> lines = text.lines().toList();
        assertEquals(rows.size() + 2, lines.size());
        for (String line : lines) {
            assertEquals(line.stripTrailing(), line);
        }
        // The underline marks where each column starts; every right-aligned cell ends there.
        String underline = lines.get(1);
        int secondStart = underline.indexOf("  ") + 2;
        int secondEnd = underline.indexOf("  ", secondStart);
        for (int r = 0; r < rows.size(); r++) {
            String line = lines.get(r + 2) + " ".repeat(underline.length());
            assertTrue(line.startsWith(rows.get(r).get(0)));
            assertTrue(line.substring(secondStart, secondEnd).endsWith(rows.get(r).get(1)));
        }
    }
}
