package dev.xfer.app.format;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A plain-text table for terminals: an optional title line, a header, a line of dashes under each
 * header, then the rows. Columns are as wide as their widest cell and two spaces apart; each line
 * has its trailing spaces removed and ends with {@code \n}.
 *
 * <pre>
 * Host to device
 * size    GB/s
 * ------  -----
 * 4KiB     1.20
 * 16MiB   24.81
 * </pre>
 *
 * <p>Every title, header and cell goes through {@link TerminalText}: control characters and
 * bidirectional marks are shown escaped, so a cell can neither break the grid nor start a line,
 * and a cell is capped at {@link TerminalText#MAX_WIDTH} code points (titles are escaped, not
 * capped: their document parts are capped by whoever builds them). A table whose cells begin with
 * document text is rendered with a margin ({@link #render(String)}), so no line starts with it.
 *
 * <p>Widths count code points, so they are right for text without wide or combining characters.
 * Rows are collected in this object, which is therefore not thread-safe.
 */
public final class TextTable {

    /** Which side of its column a cell keeps to. */
    public enum Alignment {
        LEFT,
        RIGHT
    }

    /**
     * One column: its header and alignment. The header is aligned like the cells.
     *
     * @param header    the header text, on one line
     * @param alignment where cells and header sit in the column
     */
    public record Column(String header, Alignment alignment) {

        /** The header is escaped and capped like a cell. */
        public Column {
            Objects.requireNonNull(alignment, "alignment");
            header = TerminalText.field(Objects.requireNonNull(header, "header"));
        }

        /** A column whose cells keep to the left, for names. */
        public static Column left(String header) {
            return new Column(header, Alignment.LEFT);
        }

        /** A column whose cells keep to the right, for numbers. */
        public static Column right(String header) {
            return new Column(header, Alignment.RIGHT);
        }
    }

    private static final String GAP = "  ";

    private final String title;
    private final List<Column> columns;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * A table with the given title (or none, when {@code null}) and columns.
     *
     * @throws IllegalArgumentException when there are no columns
     */
    public TextTable(String title, List<Column> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.title = title == null ? null : TerminalText.escaped(title, Integer.MAX_VALUE);
        this.columns = List.copyOf(columns);
    }

    /** A table without a title. */
    public TextTable(List<Column> columns) {
        this(null, columns);
    }

    /** A table without a title. */
    public static TextTable of(Column... columns) {
        return new TextTable(null, Arrays.asList(columns));
    }

    /** A table with a title line. */
    public static TextTable titled(String title, Column... columns) {
        return new TextTable(Objects.requireNonNull(title, "title"), Arrays.asList(columns));
    }

    /** The title, if there is one. */
    public Optional<String> title() {
        return Optional.ofNullable(title);
    }

    /** The columns, in order. */
    public List<Column> columns() {
        return columns;
    }

    /**
     * Adds a row with one cell per column.
     *
     * @return this table, for chaining
     * @throws IllegalArgumentException when the cell count differs from the column count
     */
    public TextTable addRow(String... cells) {
        return addRow(Arrays.asList(cells));
    }

    /** As {@link #addRow(String...)}. */
    public TextTable addRow(List<String> cells) {
        rows.add(escaped(cells));
        return this;
    }

    /** Renders the table; the same content always gives the same text. */
    public String render() {
        return render("");
    }

    /**
     * Renders the table with every line, title included, after {@code margin}: for tables whose
     * first column holds text from documents, which must never begin a line of the output.
     */
    public String render(String margin) {
        StringWriter out = new StringWriter();
        try {
            write(out, margin, List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not throw
        }
        return out.toString();
    }

    /**
     * Writes the table as {@link #render(String)} would with {@code more} added after its rows, one
     * line at a time: for a table too long to hold (a fleet's every GPU and result, millions of
     * rows). {@code more} is iterated twice, once for the column widths and once to write, so its
     * rows are made twice and kept never; each must have a cell per column.
     */
    public void write(Writer out, String margin, Iterable<List<String>> more) throws IOException {
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = width(columns.get(c).header());
        }
        for (List<String> row : rows) {
            widen(widths, row);
        }
        for (List<String> row : more) {
            widen(widths, escaped(row));
        }
        if (title != null) {
            writeLine(out, margin, title);
        }
        writeLine(out, margin, line(columns.stream().map(Column::header).toList(), widths));
        List<String> underline = new ArrayList<>(widths.length);
        for (int width : widths) {
            underline.add("-".repeat(width));
        }
        writeLine(out, margin, line(underline, widths));
        for (List<String> row : rows) {
            writeLine(out, margin, line(row, widths));
        }
        for (List<String> row : more) {
            writeLine(out, margin, line(escaped(row), widths));
        }
    }

    private static void widen(int[] widths, List<String> row) {
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(widths[c], width(row.get(c)));
        }
    }

    /** A row's cells as {@link #addRow(List)} keeps them. */
    private List<String> escaped(List<String> cells) {
        if (cells.size() != columns.size()) {
            throw new IllegalArgumentException("a row needs " + columns.size() + " cells, got "
                    + cells.size() + ": " + cells);
        }
        return cells.stream().map(cell -> TerminalText.field(Objects.requireNonNull(cell, "cell"))).toList();
    }

    /** Same as {@link #render()}. */
    @Override
    public String toString() {
        return render();
    }

    private String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append(GAP);
            }
            String cell = cells.get(c);
            String padding = " ".repeat(widths[c] - width(cell));
            if (columns.get(c).alignment() == Alignment.RIGHT) {
                line.append(padding).append(cell);
            } else {
                line.append(cell).append(padding);
            }
        }
        return line.toString();
    }

    private static void writeLine(Writer out, String margin, String line) throws IOException {
        out.write(margin);
        out.write(line.stripTrailing());
        out.write('\n');
    }

    private static int width(String text) {
        return text.codePointCount(0, text.length());
    }
}
