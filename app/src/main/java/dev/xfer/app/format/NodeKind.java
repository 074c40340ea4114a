package dev.xfer.app.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;

import java.math.BigDecimal;

/**
 * What a JSON node is, in words, for a message that says what was found:
 * {@code null}, {@code text "boom"}, {@code the number 1e+400}, {@code nothing} for a missing key.
 * Jackson's messages say what they found in its token names and Java types ({@code
 * JsonToken.VALUE_STRING}, {@code Cannot coerce String value ("1") to `long`}); these words are a
 * document reader's, so they stay ours.
 */
public final class NodeKind {
    private NodeKind() {
    }

    public static String of(JsonNode node) {
        return switch (node == null ? JsonNodeType.MISSING : node.getNodeType()) {
            case ARRAY -> "a list";
            case OBJECT, POJO -> "an object";
            case STRING -> "text " + capped(node.toString());
            case NUMBER -> "the number " + capped(node.isBigDecimal() ? shortened(node.decimalValue()) : node.toString());
            case BOOLEAN -> node.asText();
            case NULL -> "null";
            case MISSING -> "nothing";
            case BINARY -> "binary data";
        };
    }

    /** A number a record holds, in the words {@link #of(JsonNode)} gives the same number in a document. */
    public static String number(double value) {
        return "the number " + (Double.isFinite(value) ? shortened(BigDecimal.valueOf(value)) : Double.toString(value));
    }

    /** A number as the document wrote it, where the parser kept it exact ({@code 1E+400}, not Infinity). */
    private static String shortened(BigDecimal value) {
        BigDecimal plain = value.stripTrailingZeros();
        return plain.scale() < -20 || plain.scale() > 20 ? plain.toString() : plain.toPlainString();
    }

    private static String capped(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
