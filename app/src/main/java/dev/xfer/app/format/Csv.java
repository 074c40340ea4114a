package dev.xfer.app.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A CSV document as RFC 4180 describes it: a header row, then rows with as many fields. Fields
 * containing a comma, double quote, CR or LF are quoted, with inner quotes doubled; others are
 * written as they are, spaces included. Lines end with {@code \n} (not the RFC's CRLF, for
 * Unix tools), the last one too.
 *
 * <p>Rows are collected in this object, which is therefore not thread-safe.
 */
public final class Csv {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * A document with the given column names.
     *
     * @throws IllegalArgumentException when there are no columns
     */
    public Csv(List<String> header) {
        if (header.isEmpty()) {
            throw new IllegalArgumentException("a CSV document needs at least one column");
        }
        this.header = List.copyOf(header);
    }

    /** As {@link #Csv(List)}. */
    public static Csv withHeader(String... header) {
        return new Csv(Arrays.asList(header));
    }

    /** The column names. */
    public List<String> header() {
        return header;
    }

    /**
     * Adds a row with one field per column.
     *
     * @return this document, for chaining
     * @throws IllegalArgumentException when the field count differs from the column count
     */
    public Csv addRow(String... fields) {
        return addRow(Arrays.asList(fields));
    }

    /** As {@link #addRow(String...)}. */
    public Csv addRow(List<String> fields) {
        if (fields.size() != header.size()) {
            throw new IllegalArgumentException("a row needs " + header.size() + " fields, got "
                    + fields.size() + ": " + fields);
        }
        rows.add(List.copyOf(fields));
        return this;
    }

    /** The header line and every row, each ending with {@code \n}. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(line(header));
        for (List<String> row : rows) {
            out.append(line(row));
        }
        return out.toString();
    }

    /** Same as {@link #render()}. */
    @Override
    public String toString() {
        return render();
    }

    /**
     * One record: the fields, escaped and comma-separated, and a {@code \n}.
     *
     * @throws IllegalArgumentException when there are no fields
     */
    public static String line(List<String> fields) {
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("a CSV record needs at least one field");
        }
        if (fields.size() == 1 && fields.getFirst().isEmpty()) {
            return "\"\"\n"; // a bare empty line would read as no record at all
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        return out.append('\n').toString();
    }

    /** One field, quoted when it holds a comma, double quote, CR or LF. */
    public static String field(String value) {
        Objects.requireNonNull(value, "value");
        boolean needsQuotes = value.indexOf(',') >= 0 || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0;
        return needsQuotes ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
