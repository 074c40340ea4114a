package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text into the value model {@link JsonWriter} writes (Map, List, String, Long,
 * Double, Boolean, null) with Jackson's streaming parser: a strict RFC 8259 reader that is
 * fuzzed and kept up by others, where a hand-written one would be ours to harden. Errors name
 * the line and column, so a bad file among hundreds of nodes' documents is found at once.
 */
public final class JsonReader {
    private final JsonFactory factory = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .streamReadConstraints(StrictJson.LIMITS) // the same limits as every reader's
            .build();

    /**
     * @return a Map, List, String, Long, Double, Boolean, or {@code null}
     * @throws IllegalArgumentException {@code invalid JSON at line L, column C: why}
     */
    public Object read(String text) {
        try (JsonParser parser = factory.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw invalid(parser.currentLocation(), "unexpected end of input, expected a value");
            }
            Object value = value(parser, first);
            JsonToken after = parser.nextToken();
            if (after != null) {
                throw invalid(parser.currentTokenLocation(), "unexpected " + parser.getText() + " after the value");
            }
            return value;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw invalid(at, JsonSyntaxMessage.plain(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Object value(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> parser.getText();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            case VALUE_NUMBER_INT -> integer(parser);
            case VALUE_NUMBER_FLOAT -> decimal(parser);
            default -> throw invalid(parser.currentTokenLocation(), "expected a value, found " + parser.getText());
        };
    }

    private Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> object = new LinkedHashMap<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
            String key = parser.currentName();
            object.put(key, value(parser, parser.nextToken()));
        }
        return object;
    }

    private List<Object> array(JsonParser parser) throws IOException {
        List<Object> array = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            array.add(value(parser, t));
        }
        return array;
    }

    /** Integers that fit a long stay exact; larger ones are read as the double they are closest to. */
    private static Object integer(JsonParser parser) throws IOException {
        if (parser.getNumberType() == JsonParser.NumberType.INT || parser.getNumberType() == JsonParser.NumberType.LONG) {
            return parser.getLongValue();
        }
        BigInteger big = parser.getBigIntegerValue();
        return finite(parser, big.doubleValue());
    }

    private static Object decimal(JsonParser parser) throws IOException {
        return finite(parser, Double.parseDouble(parser.getText()));
    }

    private static Object finite(JsonParser parser, double value) throws IOException {
        if (Double.isInfinite(value)) {
            throw invalid(parser.currentTokenLocation(), "number " + parser.getText() + " is too large for a double");
        }
        return value;
    }

    private static IllegalArgumentException invalid(JsonLocation at, String why) {
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return new IllegalArgumentException("invalid JSON" + where + ": " + firstLine(why));
    }

    private static String firstLine(String why) {
        String text = why == null ? "unreadable" : why;
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
