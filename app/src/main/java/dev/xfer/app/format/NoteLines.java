package dev.xfer.app.format;

import java.util.List;

/**
 * A text report's notes, one {@code note: <note>} line each: every command's text words its notes
 * so, and a reader (or a grep in a CI log) finds them by that prefix.
 */
public final class NoteLines {
    private NoteLines() {
    }

    /** {@code note: <note>\n} for each of {@code notes}, in order; empty for none. */
    public static String of(List<String> notes) {
        StringBuilder out = new StringBuilder();
        for (String note : notes) {
            out.append("note: ").append(note).append('\n');
        }
        return out.toString();
    }
}
