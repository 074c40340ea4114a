package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.FilterWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonTest {

    @Test
    void writesIndentedObjectsInInsertionOrder() {
        Map<String, Object> report = JsonMaps.object(
                "tool", "xfer",
                "bytes", 4096L,
                "gbps", 24.5,
                "pinned", true,
                "device", null,
                "samples", List.of(1.5, 2.0),
                "empty", List.of(),
                "nested", JsonMaps.object("z", 1, "a", Map.of()));
        assertEquals("""
                {
                  "tool": "xfer",
                  "bytes": 4096,
                  "gbps": 24.5,
                  "pinned": true,
                  "device": null,
                  "samples": [
                    1.5,
                    2.0
                  ],
                  "empty": [],
                  "nested": {
                    "z": 1,
                    "a": {}
                  }
                }
                """, Json.write(report));
    }

    @Test
    void writesScalarsAtTopLevel() {
        assertEquals("\"x\"\n", Json.write("x"));
        assertEquals("null\n", Json.write(null));
        assertEquals("[]\n", Json.write(List.of()));
    }

    @Test
    void writesUnorderedMapsInKeyOrder() {
        Map<String, Object> map = new HashMap<>();
        for (String key : List.of("m", "b", "z", "a", "q")) {
            map.put(key, key);
        }
        assertEquals(List.of("a", "b", "m", "q", "z"),
                new ArrayList<>(((Map<?, ?>) JsonMaps.parse(Json.write(map))).keySet()));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "1.0E9      | 1.0E9",
            "1e-5       | 1.0E-5",
            "0.1        | 0.1",
            "-0.0       | -0.0",
            "123456.789 | 123456.789",
            "1e-7       | 1.0E-7",
            "0.001      | 0.001",
            "1e7        | 1.0E7",
            "4.9E-324   | 4.9E-324",
            "1.7976931348623157E308 | 1.7976931348623157E308",
    })
    void writesDoublesInShortestRoundTripForm(double value, String json) {
        assertEquals(json + "\n", Json.write(value));
        assertEquals(value, JsonMaps.parse(json));
    }

    @Test
    void writesNonFiniteDoublesAsNull() {
        assertEquals("[\n  null,\n  null,\n  null,\n  null\n]\n", Json.write(List.of(
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.NaN)));
    }

    @Test
    void writesOtherNumbersAndPrimitiveArrays() {
        assertEquals("[\n  7,\n  8,\n  9,\n  0.5\n]\n",
                Json.write(Arrays.asList(7, (short) 8, (byte) 9, 0.5f)));
        assertEquals(List.of(1.5, 2.0), JsonMaps.parse(Json.write(new double[] {1.5, 2})));
        assertEquals(List.of(1L, 2L), JsonMaps.parse(Json.write(new long[] {1, 2})));
        assertEquals(List.of(3L), JsonMaps.parse(Json.write(new int[] {3})));
        assertEquals("[\n  -9223372036854775808,\n  1.0E-7,\n  3.4028235E38\n]\n",
                Json.write(Arrays.asList(Long.MIN_VALUE, 1e-7, Float.MAX_VALUE)));
    }

    @Test
    void writesAJsonLinesRecordOnOneLine() {
        assertEquals("{\"a\": 1, \"b\": [1.5, \"x\"], \"c\": {}, \"d\": [], \"e\": {\"f\": null}}",
                Json.writeLine(JsonMaps.object("a", 1L, "b", List.of(1.5, "x"), "c", Map.of(), "d", List.of(),
                        "e", JsonMaps.object("f", null))));
    }

    /** One value after another on one stream, as a long list of documents is written. */
    @Test
    void writesToAWriterLeftOpenAndUnflushed() throws Exception {
        List<String> calls = new ArrayList<>();
        StringWriter text = new StringWriter();
        Writer out = new FilterWriter(text) {
            @Override
            public void flush() {
                calls.add("flush");
            }

            @Override
            public void close() {
                calls.add("close");
            }
        };
        Map<String, Object> first = JsonMaps.object("n", 1L, "rates", new double[] {1.5});
        Map<String, Object> second = JsonMaps.object("n", 2L, "label", "a\nb");
        Json.write(first, out);
        Json.write(second, out);
        Json.writeLine(first, out);
        assertEquals(Json.write(first) + Json.write(second) + Json.writeLine(first), text.toString());
        assertEquals(List.of(), calls);
    }

    @Test
    void escapesStrings() {
        assertEquals("\"q\\\" b\\\\ n\\n r\\r t\\t b\\b f\\f nul\\u0000 us\\u001f del\u007f\"\n",
                Json.write("q\" b\\ n\n r\r t\t b\b f\f nul\u0000 us\u001f del\u007f"));
    }

    @Test
    void keepsNonAsciiAndEscapesLoneSurrogates() {
        assertEquals("\"µs → 🚀 \u2028\"\n", Json.write("µs → 🚀 \u2028"));
        assertEquals("\"a\\ud800b\\udc00\"\n", Json.write("a\uD800b\uDC00"));
        assertEquals("a\uD800b\uDC00", JsonMaps.parse(Json.write("a\uD800b\uDC00")));
        // Beside a lone surrogate a pair is escaped too (Jackson escapes by the character, not the pair).
        assertEquals("\"\\ud800 \\ud83d\\ude80\"\n", Json.write("\uD800 🚀"));
        assertEquals("\uD800 🚀", JsonMaps.parse(Json.write("\uD800 🚀")));
        assertEquals("{\n  \"k\\u0001\\ud800\": 1\n}\n", Json.write(JsonMaps.object("k\u0001\uD800", 1L)));
    }

    @Test
    void rejectsValuesOutsideTheModel() {
        assertEquals("cannot write a java.lang.Object as JSON", assertThrows(
                IllegalArgumentException.class, () -> Json.write(new Object())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.write(Map.of(1, "x")));
        Map<Object, Object> ordered = new LinkedHashMap<>();
        ordered.put(1, "x");
        assertThrows(IllegalArgumentException.class, () -> Json.write(ordered));
    }

    @Test
    void rejectsCycles() {
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        assertEquals("JSON nested deeper than 512 levels; is there a cycle?", assertThrows(
                IllegalArgumentException.class, () -> Json.write(cycle)).getMessage());
    }

    @Test
    void objectHelperChecksItsArguments() {
        assertThrows(IllegalArgumentException.class, () -> JsonMaps.object("a"));
        assertThrows(IllegalArgumentException.class, () -> JsonMaps.object(1, "a"));
        assertThrows(IllegalArgumentException.class, () -> JsonMaps.object("a", 1, "a", 2));
    }

    /** What every reader parses into: Jackson's tree, in the document's order, its floats as written. */
    @Test
    void parsesAllValueKinds() {
        JsonNode value = RecordBinder.parse(" {\"a\": [1, -2.5e3, true, false, null, \"s\\u00e9\\/\"],"
                + " \"b\": {}, \"c\": [], \"big\": 12345678901234567890, \"e\": 1E2}\r\n\t");
        assertEquals("{\"a\":[1,-2.5E+3,true,false,null,\"sé/\"],\"b\":{},\"c\":[],\"big\":12345678901234567890,\"e\":1E+2}",
                value.toString());
        assertTrue(RecordBinder.parse("null").isNull());
        assertEquals(Long.MIN_VALUE, RecordBinder.parse("-9223372036854775808").longValue());
        assertEquals("🚀", RecordBinder.parse("\"\\ud83d\\ude80\"").textValue());
    }

    /** A number beyond a double's range is JSON; where a double is bound, it is refused as written. */
    @Test
    void aNumberTooLargeForADoubleIsRefusedWhereADoubleIsBound() {
        assertEquals("expected a finite number, got the number 1E+999", assertThrows(BindingException.class,
                () -> new RecordBinder().read("1e999", Double.class)).getMessage());
    }

    @Test
    void aDoubleArraysNonFiniteElementsAreNullAsAListsAre() {
        assertEquals(Json.write(java.util.Arrays.asList(1.5, null, null, -0.0)),
                Json.write(new double[] {1.5, Double.NaN, Double.POSITIVE_INFINITY, -0.0}));
    }

    /** No value, or a second one after it: the words documents have always had for these (no place to point at). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''         | the file is empty",
            "' \n '     | the file is empty",
            "'[1] 2'    | more text after the document",
            "'{} {}'    | more text after the document",
    })
    void anEmptyTextAndASecondValueAreSaidPlainly(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> RecordBinder.parse(text)).getMessage());
    }

    /**
     * Jackson reads the text ({@link RecordBinder#parse}, every document reader's first step); the
     * message's position and gist are ours, in plain words: nothing of the parser's insides (its
     * feature names, token kinds, a quoted copy of the input). A number beyond a double's range is
     * JSON, kept as written, and refused where a double is bound ({@code RecordBinderTest}).
     */
    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', value = {
            "'{\"a\":1,}'       | line 1, column 8: | expected a field name in double quotes, found '}'",
            "'[1,]'             | line 1, column 4: | expected a value (text in double quotes, a number, an object, a list, true, false or null), found ']'",
            "'[1 2]'            | line 1, column 4: | expected ',' or ']' after a list item, found '2'",
            "'{\"a\" 1}'        | line 1, column 6: | expected ':' after the field name, found '1'",
            "'{\"a\":1,\"a\":2}' | line 1, column 11: | the field \"a\" appears twice in one object",
            "'01'               | line 1, column 2: | a number may not start with 0",
            "'1.'               | line 1, column 2: | a malformed number: decimal point not followed by a digit",
            "'-'                | line 1, column 2: | the text ends",
            "'1e'               | line 1, column 3: | the text ends",
            "'+1'               | line 1, column 2: | a number may not start with '+'",
            "'NaN'              | line 1, column 4: | 'NaN' is not a JSON number (JSON has no NaN or Infinity)",
            "'tru'              | line 1, column 1: | 'tru' is not a value",
            "'\"abc'            | line 1, column 5: | the text ends inside a string",
            "'\"\\x\"'          | line 1, column 3: | \\x is not an escape JSON knows",
            "'\"\\u12G4\"'      | line 1, column 6: | \\u must be followed by four hex digits, found 'G'",
            "'\"\\u12'          | line 1, column 6: | the text ends inside an escape",
            "'[1]\n\n  x'       | line 3, column 3: | 'x' is not a value",
            "'\"a\nb\"'          | line 1, column 3: | a control character (U+000A) in a string must be written escaped (\\u000a)",
            "'{\"a\":/*c*/1}'   | line 1, column 6: | JSON has no comments",
            "'{\"a\": [}'       | line 1, column 8: | '}' where ']' should close the list",
            "'{\"a\":1}}'       | line 1, column 8: | '}' closes nothing that was opened",
            "'{\"a\":1,'        | line 1, column 8: | the text ends inside an object: a '}' is missing",
            "'[1,'              | line 1, column 4: | the text ends inside a list: a ']' is missing",
    })
    void rejectsInvalidJsonNamingLineAndColumn(String text, String where, String gist) {
        String message = assertThrows(IllegalArgumentException.class, () -> RecordBinder.parse(text)).getMessage();
        assertTrue(message.startsWith("invalid JSON at " + where + " "), message);
        assertTrue(message.contains(gist), message);
        assertFalse(message.contains("\n"), message);
        for (String internal : List.of("`", "Source:", "(code ", "Feature", "CTRL-CHAR", "Object entries", "Array entries",
                "START_", "END_", "FIELD_NAME", "fasterxml", "Exception")) {
            assertFalse(message.contains(internal), internal + " in " + message);
        }
    }

    @Test
    void tooDeepIsSaidWithoutTheParsersConstraintNames() {
        String message = assertThrows(IllegalArgumentException.class, () -> RecordBinder.parse("[".repeat(600))).getMessage();
        assertEquals("invalid JSON: nested deeper than 512 objects and lists", message);
    }

    @Test
    void limitsNestingDepth() {
        String deep = "[".repeat(600) + "]".repeat(600);
        assertThrows(IllegalArgumentException.class, () -> RecordBinder.parse(deep));
        String fine = "[".repeat(500) + "]".repeat(500);
        assertEquals(fine, RecordBinder.parse(fine).toString());
    }
}
