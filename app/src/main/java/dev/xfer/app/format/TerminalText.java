package dev.xfer.app.format;

/**
 * Text from documents, options or the driver made safe for a terminal: shown, never obeyed.
 *
 * <p>Host names, labels, GPU names and UUIDs come from files anyone can write. Printed raw, an
 * {@code ESC[2J} in a label clears the screen, a right-to-left override reorders what a reader
 * sees, and a newline starts a line of the attacker's choosing (a forged {@code fleet: PASS}).
 * So every code point that moves the cursor or changes how text is laid out is shown as an
 * escape instead: {@code \n}, {@code \r}, {@code \t}, {@code \xHH} for other C0 and C1
 * controls and DEL, and {@code \}{@code uHHHH} for format characters (bidirectional overrides and
 * isolates, zero-width characters, the BOM), line and paragraph separators and unpaired
 * surrogates. Everything else, accents and CJK included, is kept. A backslash is kept too (xfer's
 * own {@code src\dst} header has one), so a name may read like an escape; it still cannot act as
 * one.
 *
 * <p>A field is also capped at {@link #MAX_WIDTH} code points of the escaped text, its end
 * replaced by {@code …}: three documents with 1 MB host names once made 478 MB of padded table
 * output. Escaping stops at the cap, so a capped field costs the same whatever its input's size.
 *
 * <p>Escaping only keeps a document's text on its own line; where that line starts is the
 * caller's layout: document text never begins a line (tables that carry it are indented, verdict
 * lines begin with xfer's own words).
 */
public final class TerminalText {
    /** The most code points one field (or table cell) shows, ellipsis included. */
    public static final int MAX_WIDTH = 96;

    /** What ends a capped field. */
    public static final String ELLIPSIS = "…";

    private TerminalText() {
    }

    /**
     * The most code points of a sentence: xfer's words with document text inside, such as a
     * fleet finding, whose parts cannot be capped one by one.
     */
    public static final int MAX_SENTENCE = 4 * MAX_WIDTH;

    /** The text escaped and capped at {@link #MAX_WIDTH}: for any document or option value in a line. */
    public static String field(String text) {
        return escaped(text, MAX_WIDTH);
    }

    /** The text escaped and capped at {@link #MAX_SENTENCE}: for a sentence built around document text. */
    public static String sentence(String text) {
        return escaped(text, MAX_SENTENCE);
    }

    /**
     * The text escaped and capped at {@code maxWidth} code points of the result (at least 1); a
     * text that needs the cap ends in {@link #ELLIPSIS}.
     */
    public static String escaped(String text, int maxWidth) {
        if (maxWidth < 1) {
            throw new IllegalArgumentException("a width of at least 1 is needed, got " + maxWidth);
        }
        if (isPlain(text, maxWidth)) {
            return text;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxWidth) + 8);
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            String shown = shown(cp);
            int w = shown == null ? 1 : shown.length();
            // Room for this piece, and for the ellipsis unless it is the very last piece.
            boolean last = i >= text.length();
            if (width + w > (last ? maxWidth : maxWidth - 1)) {
                out.append(ELLIPSIS);
                return out.toString();
            }
            if (shown == null) {
                out.appendCodePoint(cp);
            } else {
                out.append(shown);
            }
            width += w;
        }
        return out.toString();
    }

    /** Whether the text would be printed as it is: no character to escape and within the width. */
    public static boolean isPlain(String text, int maxWidth) {
        if (text.length() > 2L * maxWidth && text.codePointCount(0, text.length()) > maxWidth) {
            return false;
        }
        int count = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (shown(cp) != null) {
                return false;
            }
            i += Character.charCount(cp);
            count++;
        }
        return count <= maxWidth;
    }

    /** How one code point is shown, or null when it is shown as itself. */
    private static String shown(int cp) {
        switch (cp) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                break;
        }
        int type = Character.getType(cp);
        if (type == Character.CONTROL) {
            return String.format(java.util.Locale.ROOT, "\\x%02x", cp);
        }
        if (type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE) {
            return cp > 0xFFFF ? String.format(java.util.Locale.ROOT, "\\U%08x", cp)
                    : String.format(java.util.Locale.ROOT, "\\u%04x", cp);
        }
        return null;
    }
}
