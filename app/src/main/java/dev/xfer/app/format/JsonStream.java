package dev.xfer.app.format;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A JSON document written to a {@link Writer} as it is produced, in exactly the layout of
 * {@link Json#write}: for a report whose whole tree would not fit in memory (a fleet of 100,000
 * documents has millions of GPU rows). The outer objects and arrays are opened and closed here; each
 * value inside (a GPU's row, a node) is a small tree of the {@link Json} value model written by
 * {@link Json#write} itself and indented to its depth, so both ways give the same bytes, escaping
 * included, whatever writes the small trees.
 *
 * <p>Not thread-safe. Every {@code begin} needs its {@link #end()}; {@link #finish()} ends the
 * document with its newline.
 */
public final class JsonStream {
    private static final String INDENT = "  ";

    private final Writer out;
    /** Per open container: how many members it has so far. */
    private final Deque<int[]> open = new ArrayDeque<>();

    public JsonStream(Writer out) {
        this.out = out;
    }

    /** Opens the document's top-level object. */
    public JsonStream beginObject() throws IOException {
        return begin(null, '{');
    }

    /** Opens an object as the member {@code key} of the open object, or as an element when {@code key} is null. */
    public JsonStream beginObject(String key) throws IOException {
        return begin(key, '{');
    }

    /** Opens an array as the member {@code key} of the open object, or as an element when {@code key} is null. */
    public JsonStream beginArray(String key) throws IOException {
        return begin(key, '[');
    }

    /** The member {@code key} of the open object: {@code value} is of {@link Json}'s value model. */
    public JsonStream field(String key, Object value) throws IOException {
        member(key);
        value(value);
        return this;
    }

    /** An element of the open array: {@code value} is of {@link Json}'s value model. */
    public JsonStream element(Object value) throws IOException {
        member(null);
        value(value);
        return this;
    }

    /** Closes the innermost open object or array; one with no members is {@code {}} or {@code []}, as Json writes it. */
    public JsonStream end() throws IOException {
        int[] state = open.pop();
        if (state[0] > 0) {
            out.write('\n');
            indent(open.size());
        }
        out.write(state[1] == '{' ? '}' : ']');
        return this;
    }

    /** Ends the document with its newline, as {@link Json#write} does. */
    public void finish() throws IOException {
        if (!open.isEmpty()) {
            throw new IllegalStateException(open.size() + " JSON objects or arrays are still open");
        }
        out.write('\n');
    }

    private JsonStream begin(String key, char bracket) throws IOException {
        if (!open.isEmpty()) {
            member(key);
        }
        out.write(bracket);
        open.push(new int[] {0, bracket});
        return this;
    }

    /** The separator and indentation before a member, and its key when in an object. */
    private void member(String key) throws IOException {
        int[] state = open.element();
        out.write(state[0]++ == 0 ? "\n" : ",\n");
        indent(open.size());
        if (key != null) {
            out.write(compact(key));
            out.write(": ");
        }
    }

    /** {@code value} as Json writes it at the current depth: its own lines indented by the open containers. */
    private void value(Object value) throws IOException {
        String text = compact(value);
        // Json escapes every line break inside a string, so each one here is layout.
        String indent = INDENT.repeat(open.size());
        int from = 0;
        for (int at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', from)) {
            out.write(text, from, at + 1 - from);
            out.write(indent);
            from = at + 1;
        }
        out.write(text, from, text.length() - from);
    }

    private static String compact(Object value) {
        String text = Json.write(value);
        return text.substring(0, text.length() - 1);
    }

    private void indent(int depth) throws IOException {
        for (int i = 0; i < depth; i++) {
            out.write(INDENT);
        }
    }
}
