package dev.xfer.app.format;

import java.util.ArrayList;
import java.util.List;

/** Reads CSV back for tests, as RFC 4180 has it: one parser for every test that checks what xfer wrote. */
public final class CsvRecords {
    private CsvRecords() {
    }

    /**
     * The records of {@code csv}: fields separated by commas, quoted when they hold a comma, quote,
     * CR or LF (a doubled quote inside is one quote); records end in CRLF or LF, the last one also
     * at the end of the text.
     */
    public static List<List<String>> parse(String csv) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                    i++;
                }
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("the CSV ends inside a quoted field");
        }
        if (!record.isEmpty() || !field.isEmpty()) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
