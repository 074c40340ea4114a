package dev.xfer.app.format;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The one-value nodes a {@link RecordBinder} binds, strictly: a whole number in its type's range,
 * a finite number, one of an enum's labels; and what each is called in a message.
 */
final class ScalarValues {
    private ScalarValues() {
    }

    static long whole(JsonNode node, String path, long min, long max) {
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
            throw BindingException.wrong(path, min == Long.MIN_VALUE ? "a whole number"
                    : "a whole number from " + min + " to " + max, NodeKind.of(node));
        }
        return node.longValue();
    }

    static double finite(JsonNode node, String path) {
        if (!node.isNumber()) {
            throw BindingException.wrong(path, "a number", NodeKind.of(node));
        }
        double value = node.doubleValue();
        if (!Double.isFinite(value)) {
            throw BindingException.wrong(path, "a finite number", NodeKind.of(node));
        }
        return value;
    }

    static float finiteFloat(JsonNode node, String path) {
        float f = (float) finite(node, path);
        if (!Float.isFinite(f)) {
            throw BindingException.wrong(path, "a finite number", NodeKind.of(node));
        }
        return f;
    }

    static Object label(JsonNode node, Class<?> type, String path) {
        if (!Labelled.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("cannot bind JSON to the enum " + type.getName()
                    + ": give it a label (implement Labelled)");
        }
        List<String> labels = RecordShape.labels(type);
        if (node.isTextual()) {
            int at = labels.indexOf(node.textValue());
            if (at >= 0) {
                return type.getEnumConstants()[at];
            }
        }
        throw BindingException.wrong(path, "one of " + String.join(", ", labels), NodeKind.of(node));
    }

    /** What a value of {@code type} is, in a message's words. */
    static String expected(Class<?> type) {
        if (type == String.class) {
            return "text";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class
                || type == short.class || type == Short.class || type == byte.class || type == Byte.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type.isEnum() && Labelled.class.isAssignableFrom(type)) {
            return "one of " + String.join(", ", RecordShape.labels(type));
        }
        if (type == List.class) {
            return "a list";
        }
        return "an object";
    }
}
