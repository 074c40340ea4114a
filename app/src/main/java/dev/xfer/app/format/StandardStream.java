package dev.xfer.app.format;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;

/**
 * stdout or stderr as xfer writes them: terminal text in the terminal's charset, a document in
 * UTF-8.
 *
 * <p>Under the C locale a JVM's {@code System.out} is US-ASCII and writes {@code ?} for every
 * other character: a label {@code ü✓} became {@code "??"} in {@code fleet --json}, and JSON is
 * UTF-8 by definition. So text meant for a person is written in the terminal's charset, and a
 * character it cannot show is written as an escape ({@code \u00fc}, {@code \U0001f600}) that
 * still says which character it was, never {@code ?}; and once a command's stdout carries a
 * document (JSON, CSV, JSON Lines, JUnit, OpenMetrics, SVG or HTML:
 * {@link #carriesDocument(PrintWriter)}), every byte from then on is UTF-8, whatever the locale.
 * A document on stdout is all that goes there (PASS/FAIL lines beside it go to stderr), so one
 * switch per run is enough.
 */
public final class StandardStream extends PrintWriter {
    private final Encoding encoding;

    /**
     * @param bytes    the stream's bytes (fd 1 or 2, as the caller guards them)
     * @param terminal the charset text is shown in: the JVM's {@code stdout.encoding} or
     *                 {@code stderr.encoding}, which follow the locale
     */
    public StandardStream(OutputStream bytes, Charset terminal) {
        this(new Encoding(bytes, terminal));
    }

    private StandardStream(Encoding encoding) {
        super(new BufferedWriter(encoding), true);
        this.encoding = encoding;
    }

    /**
     * From now on {@code out} carries a document: UTF-8, nothing escaped. Any other writer (a
     * test's, over a {@code StringWriter}) holds characters, not bytes, and is left as it is.
     */
    public static void carriesDocument(PrintWriter out) {
        if (out instanceof StandardStream stream) {
            stream.flush();
            stream.encoding.document = true;
        }
    }

    /** The characters {@code text} shows as in {@code terminal}: each one it cannot encode escaped. */
    public static String shown(String text, Charset terminal) {
        CharsetEncoder encoder = terminal.newEncoder();
        StringBuilder out = new StringBuilder(text.length());
        escape(text, 0, text.length(), encoder, out);
        return out.toString();
    }

    private static void escape(CharSequence text, int from, int to, CharsetEncoder encoder, StringBuilder out) {
        for (int i = from; i < to; ) {
            int cp = Character.codePointAt(text, i);
            if (Character.isHighSurrogate(text.charAt(i)) && i + 1 >= to) {
                cp = text.charAt(i); // a lone high surrogate at the end
            }
            int n = Character.charCount(cp);
            if (cp < 0x80 || encoder.canEncode(text.subSequence(i, i + n))) {
                out.append(text, i, i + n);
            } else if (cp <= 0xFFFF) {
                out.append(String.format(Locale.ROOT, "\\u%04x", cp));
            } else {
                out.append(String.format(Locale.ROOT, "\\U%08x", cp));
            }
            i += n;
        }
    }

    /** Characters to bytes, in the terminal's charset with escapes, or UTF-8 for a document. */
    private static final class Encoding extends Writer {
        private final OutputStream bytes;
        private final Charset terminal;
        private final CharsetEncoder encoder;
        private final boolean terminalIsUtf8;
        private volatile boolean document;
        // A high surrogate that ended one write: its pair begins the next.
        private char pending;

        Encoding(OutputStream bytes, Charset terminal) {
            this.bytes = Objects.requireNonNull(bytes, "bytes");
            this.terminal = Objects.requireNonNull(terminal, "terminal");
            this.encoder = terminal.newEncoder();
            this.terminalIsUtf8 = terminal.equals(StandardCharsets.UTF_8);
        }

        @Override
        public synchronized void write(char[] chars, int offset, int length) throws IOException {
            if (length == 0) {
                return;
            }
            StringBuilder text = new StringBuilder(length + 1);
            if (pending != 0) {
                text.append(pending);
                pending = 0;
            }
            text.append(chars, offset, length);
            if (Character.isHighSurrogate(text.charAt(text.length() - 1))) {
                pending = text.charAt(text.length() - 1);
                text.setLength(text.length() - 1);
            }
            if (document || terminalIsUtf8) {
                bytes.write(text.toString().getBytes(StandardCharsets.UTF_8));
                return;
            }
            StringBuilder shown = new StringBuilder(text.length());
            escape(text, 0, text.length(), encoder, shown);
            bytes.write(shown.toString().getBytes(terminal));
        }

        @Override
        public void flush() throws IOException {
            bytes.flush();
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
