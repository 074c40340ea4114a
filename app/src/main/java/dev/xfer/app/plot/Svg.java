package dev.xfer.app.plot;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A small SVG writer: elements with attributes, text escaped for XML, numbers written short
 * and without exponents, nesting checked. Attributes are given as name, value pairs; a number
 * value is written with {@link #number(double)}, anything else escaped.
 */
public final class Svg {
    private final StringBuilder out = new StringBuilder();
    private final java.util.ArrayDeque<String> open = new java.util.ArrayDeque<>();

    /**
     * Starts a drawing of {@code width} x {@code height} user units.
     *
     * @param title what it shows, for screen readers and as the tooltip of the whole picture
     */
    public Svg(double width, double height, String title) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        out.append(attributes(new Object[]{"viewBox", "0 0 " + number(width) + " " + number(height), "width", width,
                "height", height, "role", "img", "font-family", "sans-serif", "font-size", 12}));
        out.append(">\n");
        open.push("svg");
        open("title").text(title).close();
    }

    /** Opens {@code name}; {@link #close()} closes it. */
    public Svg open(String name, Object... attributes) {
        String written = attributes(attributes);
        indent();
        out.append('<').append(name).append(written).append(">\n");
        open.push(name);
        return this;
    }

    /** An element without content. */
    public Svg element(String name, Object... attributes) {
        String written = attributes(attributes);
        indent();
        out.append('<').append(name).append(written).append("/>\n");
        return this;
    }

    /** An element holding only text, e.g. {@code <text>} or {@code <title>}. */
    public Svg textElement(String name, String text, Object... attributes) {
        String written = attributes(attributes);
        indent();
        out.append('<').append(name).append(written).append('>').append(escape(text)).append("</").append(name).append(">\n");
        return this;
    }

    /** Text content of the element opened last. */
    public Svg text(String text) {
        indent();
        out.append(escape(text)).append('\n');
        return this;
    }

    public Svg close() {
        if (open.size() <= 1) {
            throw new IllegalStateException("nothing open to close but the drawing itself");
        }
        String name = open.pop();
        indent();
        out.append("</").append(name).append(">\n");
        return this;
    }

    /** The document; every element opened must have been closed. */
    public String finish() {
        if (open.size() != 1) {
            throw new IllegalStateException("still open: " + open);
        }
        return out + "</svg>\n";
    }

    private void indent() {
        out.append("  ".repeat(open.size()));
    }

    /** The attributes as written in a start tag, checked before anything is written. */
    private static String attributes(Object[] attributes) {
        StringBuilder out = new StringBuilder();
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come as name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            Object value = attributes[i + 1];
            if (value == null) {
                continue;
            }
            String text = value instanceof Number n ? number(n.doubleValue()) : value.toString();
            out.append(' ').append(attributes[i]).append("=\"").append(escape(text)).append('"');
        }
        return out.toString();
    }

    /** Text made safe for XML content and attribute values. */
    public static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    // XML 1.0 forbids most controls, lone surrogates, U+FFFE and U+FFFF even as
                    // references: drop them, or the page's SVG is not well-formed.
                    if (c == '\n' || c == '\t' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                            || c >= 0x10000) {
                        b.appendCodePoint(c);
                    }
                }
            }
        });
        return b.toString();
    }

    /**
     * A coordinate or length: at most two decimals (a hundredth of a pixel is finer than any
     * screen), no trailing zeros, no exponent, never {@code -0}. Not finite is an error: it would
     * draw nothing and hide the bug.
     */
    public static String number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        if (rounded.signum() == 0) {
            return "0";
        }
        return rounded.toPlainString();
    }
}
