package dev.xfer.app.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeMap;

/** Writes the value model described in {@link Json} as indented JSON text. */
final class JsonWriter {

    static final int MAX_DEPTH = 512;

    private static final String INDENT = "  ";

    private final StringBuilder out = new StringBuilder();
    private final boolean oneLine;

    JsonWriter() {
        this(false);
    }

    /** @param oneLine no line breaks or indentation: one JSON Lines record */
    JsonWriter(boolean oneLine) {
        this.oneLine = oneLine;
    }

    String write(Object value) {
        value(value, 0);
        return oneLine ? out.toString() : out.append('\n').toString();
    }

    private void value(Object value, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException(
                    "JSON nested deeper than " + MAX_DEPTH + " levels; is there a cycle?");
        }
        switch (value) {
            case null -> out.append("null");
            case Boolean b -> out.append(b);
            case String s -> string(s);
            case Long l -> out.append(l.longValue());
            case Integer i -> out.append(i.intValue());
            case Short s -> out.append(s.shortValue());
            case Byte b -> out.append(b.byteValue());
            case Double d -> out.append(Double.isFinite(d) ? Double.toString(d) : "null");
            case Float f -> out.append(Float.isFinite(f) ? Float.toString(f) : "null");
            case Map<?, ?> map -> object(map, depth);
            case List<?> list -> array(list, depth);
            case double[] doubles -> array(boxed(doubles), depth);
            case long[] longs -> array(boxed(longs), depth);
            case int[] ints -> array(boxed(ints), depth);
            default -> throw new IllegalArgumentException(
                    "cannot write a " + value.getClass().getName() + " as JSON");
        }
    }

    private void object(Map<?, ?> map, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        // A HashMap's order may change between runs; key order keeps reports diffable.
        Map<?, ?> ordered = map instanceof SequencedMap<?, ?> ? map : sortedByKey(map);
        out.append('{');
        String separator = "\n";
        for (Map.Entry<?, ?> entry : ordered.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(
                        "JSON object keys must be Strings, got " + entry.getKey());
            }
            out.append(oneLine ? separator.replace("\n", " ").stripLeading() : separator);
            indent(depth + 1);
            string(key);
            out.append(": ");
            value(entry.getValue(), depth + 1);
            separator = ",\n";
        }
        newline();
        indent(depth);
        out.append('}');
    }

    private void array(List<?> list, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        String separator = "\n";
        for (Object element : list) {
            out.append(oneLine ? separator.replace("\n", " ").stripLeading() : separator);
            indent(depth + 1);
            value(element, depth + 1);
            separator = ",\n";
        }
        newline();
        indent(depth);
        out.append(']');
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || isLoneSurrogate(s, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    // A surrogate without its partner cannot be encoded in UTF-8; escaped, it survives.
    private static boolean isLoneSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }

    private void indent(int depth) {
        if (!oneLine) {
            out.append(INDENT.repeat(depth));
        }
    }

    private void newline() {
        if (!oneLine) {
            out.append('\n');
        }
    }

    private static Map<?, ?> sortedByKey(Map<?, ?> map) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(
                        "JSON object keys must be Strings, got " + entry.getKey());
            }
            sorted.put(key, entry.getValue());
        }
        return sorted;
    }

    private static List<Object> boxed(double[] values) {
        List<Object> list = new ArrayList<>(values.length);
        for (double v : values) {
            list.add(v);
        }
        return list;
    }

    private static List<Object> boxed(long[] values) {
        List<Object> list = new ArrayList<>(values.length);
        for (long v : values) {
            list.add(v);
        }
        return list;
    }

    private static List<Object> boxed(int[] values) {
        List<Object> list = new ArrayList<>(values.length);
        for (int v : values) {
            list.add(v);
        }
        return list;
    }
}
