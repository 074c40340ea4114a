package dev.xfer.app.format;

/**
 * Escapes text for XML 1.0 without java.xml, which the shipped runtime leaves out.
 *
 * <p>Characters that XML 1.0 forbids anywhere (most C0 controls, lone surrogates, U+FFFE, U+FFFF)
 * cannot be escaped either, so they are dropped.
 */
final class XmlText {
    private XmlText() {
    }

    /** Escapes {@code value} for a double-quoted attribute. */
    static String attribute(String value) {
        return escape(value, true);
    }

    /** Escapes {@code value} for element content. */
    static String content(String value) {
        return escape(value, false);
    }

    /** Whether XML 1.0 allows the code point in a document. */
    static boolean isAllowed(int codePoint) {
        return codePoint == 0x9 || codePoint == 0xA || codePoint == 0xD
                || (codePoint >= 0x20 && codePoint <= 0xD7FF)
                || (codePoint >= 0xE000 && codePoint <= 0xFFFD)
                || (codePoint >= 0x10000 && codePoint <= 0x10FFFF);
    }

    /** Returns {@code value} without the characters XML 1.0 forbids. */
    static String stripIllegal(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.codePoints().filter(XmlText::isAllowed).forEach(out::appendCodePoint);
        return out.toString();
    }

    private static String escape(String value, boolean inAttribute) {
        StringBuilder out = new StringBuilder(value.length() + 16);
        value.codePoints().forEach(codePoint -> {
            switch (codePoint) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;"); // also keeps "]]>" out of content
                case '"' -> out.append(inAttribute ? "&quot;" : "\"");
                // A parser turns a raw CR into LF, and raw white space in an attribute into a
                // space; character references survive both.
                case '\r' -> out.append("&#13;");
                case '\n' -> out.append(inAttribute ? "&#10;" : "\n");
                case '\t' -> out.append(inAttribute ? "&#9;" : "\t");
                default -> {
                    if (isAllowed(codePoint)) {
                        out.appendCodePoint(codePoint);
                    }
                }
            }
        });
        return out.toString();
    }
}
