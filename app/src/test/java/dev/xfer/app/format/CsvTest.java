package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void writesHeaderAndRowsWithNewlines() {
        String text = Csv.withHeader("size", "gbps").addRow("4KiB", "1.2").addRow("1MiB", "20")
                .render();
        assertEquals("size,gbps\n4KiB,1.2\n1MiB,20\n", text);
    }

    @Test
    void quotesOnlyFieldsThatNeedIt() {
        assertEquals("plain", Csv.field("plain"));
        assertEquals(" spaced ", Csv.field(" spaced "));
        assertEquals("", Csv.field(""));
        assertEquals("\"a,b\"", Csv.field("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.field("say \"hi\""));
        assertEquals("\"two\nlines\"", Csv.field("two\nlines"));
        assertEquals("\"cr\rhere\"", Csv.field("cr\rhere"));
    }

    @Test
    void quotesALoneEmptyFieldSoTheRecordIsNotABlankLine() {
        assertEquals("\"\"\n", Csv.line(List.of("")));
        assertEquals(",\n", Csv.line(List.of("", "")));
    }

    /**
     * The documented CSV-injection decision (docs/results.md, CSV columns): fields starting with
     * = + - @ are data, written as they are; negative numbers stay numbers, text stays the text.
     */
    @Test
    void fieldsThatSpreadsheetsReadAsFormulasAreWrittenAsTheyAre() {
        String csv = Csv.withHeader("host", "z", "change").addRow("=HYPERLINK(\"x\")", "-3.7", "+1.5")
                .addRow("@SUM(A1)", "-Infinity", "-12.4").render();
        assertEquals("host,z,change\n\"=HYPERLINK(\"\"x\"\")\",-3.7,+1.5\n@SUM(A1),-Infinity,-12.4\n", csv);
    }

    @Test
    void rejectsRowsOfTheWrongWidth() {
        Csv csv = Csv.withHeader("a", "b");
        assertEquals("a row needs 2 fields, got 3: [1, 2, 3]", assertThrows(
                IllegalArgumentException.class, () -> csv.addRow("1", "2", "3")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Csv(List.of()));
    }

    @Provide
    Arbitrary<List<List<String>>> records() {
        Arbitrary<String> field = Arbitraries.oneOf(
                Arbitraries.strings().withChars("a,\"\r\n ").ofMaxLength(6),
                Arbitraries.strings().ofMaxLength(6));
        return Arbitraries.integers().between(1, 4).flatMap(width ->
                field.list().ofSize(width).list().ofMinSize(1).ofMaxSize(6));
    }

    @Property
    void anRfc4180ReaderGetsTheFieldsBack(@ForAll("records") List<List<String>> records) {
        Csv csv = new Csv(records.getFirst());
        records.subList(1, records.size()).forEach(csv::addRow);
        assertEquals(records, read(csv.render()));
    }

    /** A strict RFC 4180 reader, written independently of Csv, for the round trip. */
    private static List<List<String>> read(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> current = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            if (text.charAt(i) == '"') {
                i++;
                while (true) {
                    char c = text.charAt(i++);
                    if (c == '"') {
                        if (i < text.length() && text.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
            }
            while (text.charAt(i) != ',' && text.charAt(i) != '\n') {
                field.append(text.charAt(i++));
            }
            current.add(field.toString());
            field.setLength(0);
            if (text.charAt(i++) == '\n') {
                records.add(current);
                current = new ArrayList<>();
            }
        }
        return records;
    }
}
