package dev.xfer.app.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads RFC 8259 JSON into the value model described in {@link Json}. Test code: xfer itself only
 * writes JSON; the tests read back what it wrote.
 */
public final class JsonParser {

    /**
     * Reads one JSON value (RFC 8259) from {@code text}; white space around it is allowed.
     *
     * @return a Map, List, String, Long, Double, Boolean, or {@code null}
     * @throws IllegalArgumentException naming the line and column, when the text is not valid
     *         JSON, an object repeats a key, a number is too large for a double, or the nesting
     *         is deeper than 512 levels
     */
    public static Object parse(String text) {
        return new JsonParser(text).parseDocument();
    }

    private final String text;
    private int pos;

    JsonParser(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }

    Object parseDocument() {
        skipWhitespace();
        Object value = value(0);
        skipWhitespace();
        if (pos < text.length()) {
            throw error("unexpected " + describe(pos) + " after the value");
        }
        return value;
    }

    private Object value(int depth) {
        if (depth > JsonWriter.MAX_DEPTH) {
            throw error("nested deeper than " + JsonWriter.MAX_DEPTH + " levels");
        }
        if (pos >= text.length()) {
            throw error("unexpected end of input, expected a value");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected " + describe(pos) + ", expected a value");
            }
        };
    }

    private Map<String, Object> object(int depth) {
        pos++; // '{'
        Map<String, Object> object = new LinkedHashMap<>();
        skipWhitespace();
        if (peek('}')) {
            pos++;
            return Collections.unmodifiableMap(object);
        }
        while (true) {
            skipWhitespace();
            if (!peek('"')) {
                throw error("unexpected " + describe(pos) + ", expected a string key");
            }
            int keyStart = pos;
            String key = string();
            if (object.containsKey(key)) {
                pos = keyStart;
                throw error("key \"" + key + "\" repeats");
            }
            skipWhitespace();
            expect(':');
            skipWhitespace();
            object.put(key, value(depth + 1));
            skipWhitespace();
            if (peek(',')) {
                pos++;
            } else if (peek('}')) {
                pos++;
                return Collections.unmodifiableMap(object);
            } else {
                throw error("unexpected " + describe(pos) + ", expected ',' or '}'");
            }
        }
    }

    private List<Object> array(int depth) {
        pos++; // '['
        List<Object> array = new ArrayList<>();
        skipWhitespace();
        if (peek(']')) {
            pos++;
            return Collections.unmodifiableList(array);
        }
        while (true) {
            skipWhitespace();
            array.add(value(depth + 1));
            skipWhitespace();
            if (peek(',')) {
                pos++;
            } else if (peek(']')) {
                pos++;
                return Collections.unmodifiableList(array);
            } else {
                throw error("unexpected " + describe(pos) + ", expected ',' or ']'");
            }
        }
    }

    private String string() {
        pos++; // opening quote
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unexpected end of input inside a string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return out.toString();
            }
            if (c < 0x20) {
                throw error("unescaped " + describe(pos) + " inside a string");
            }
            if (c != '\\') {
                out.append(c);
                pos++;
                continue;
            }
            if (pos + 1 >= text.length()) {
                throw error("unexpected end of input inside a string");
            }
            char escaped = text.charAt(pos + 1);
            switch (escaped) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case '/' -> out.append('/');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append(unicodeEscape(pos + 2));
                    pos += 4;
                }
                default -> throw error("invalid escape \\" + escaped);
            }
            pos += 2;
        }
    }

    private char unicodeEscape(int start) {
        if (start + 4 > text.length()) {
            throw error("unexpected end of input in a \\u escape");
        }
        int code = 0;
        for (int i = start; i < start + 4; i++) {
            int digit = Character.digit(text.charAt(i), 16);
            // Character.digit also accepts non-ASCII digits, which JSON does not.
            if (digit < 0 || text.charAt(i) > 'f') {
                throw error("invalid \\u escape \\u" + text.substring(start, start + 4));
            }
            code = code * 16 + digit;
        }
        return (char) code;
    }

    private Object number() {
        int start = pos;
        if (peek('-')) {
            pos++;
        }
        if (peek('0')) {
            pos++;
        } else if (!digits()) {
            throw error("invalid number, expected a digit");
        }
        boolean integral = true;
        if (peek('.')) {
            pos++;
            integral = false;
            if (!digits()) {
                throw error("invalid number, expected a digit after '.'");
            }
        }
        if (peek('e') || peek('E')) {
            pos++;
            integral = false;
            if (peek('+') || peek('-')) {
                pos++;
            }
            if (!digits()) {
                throw error("invalid number, expected a digit in the exponent");
            }
        }
        String literal = text.substring(start, pos);
        if (integral) {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException tooLarge) {
                // falls through: read as a double, like most JSON readers
            }
        }
        double value = Double.parseDouble(literal);
        if (Double.isInfinite(value)) {
            pos = start;
            throw error("number " + literal + " is too large for a double");
        }
        return value;
    }

    private boolean digits() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        return pos > start;
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected " + describe(pos) + ", expected a value");
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("unexpected " + describe(pos) + ", expected '" + c + "'");
        }
        pos++;
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private String describe(int at) {
        if (at >= text.length()) {
            return "end of input";
        }
        char c = text.charAt(at);
        return c < 0x20 || c == 0x7f ? String.format("control character U+%04X", (int) c) : "'" + c + "'";
    }

    private IllegalArgumentException error(String reason) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new IllegalArgumentException(
                "invalid JSON at line " + line + ", column " + column + ": " + reason);
    }
}
