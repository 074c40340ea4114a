package dev.xfer.app.docs;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemaValidatorTest {

    @SuppressWarnings("unchecked")
    private static List<String> errors(String schema, String document) {
        return new SchemaValidator((Map<String, Object>) JsonMaps.parse(schema)).validate(JsonMaps.parse(document));
    }

    @Test
    void types() {
        assertEquals(List.of(), errors("{\"type\": \"integer\"}", "3"));
        assertEquals(List.of(), errors("{\"type\": \"integer\"}", "3.0"));
        assertEquals(1, errors("{\"type\": \"integer\"}", "3.5").size());
        assertEquals(List.of(), errors("{\"type\": \"number\"}", "3"));
        assertEquals(1, errors("{\"type\": \"string\"}", "3").size());
        assertEquals(List.of(), errors("{\"type\": [\"string\", \"null\"]}", "null"));
        assertEquals(1, errors("{\"type\": [\"string\", \"null\"]}", "false").size());
        assertEquals(1, errors("{\"type\": \"object\"}", "[]").size());
        assertEquals(1, errors("{\"type\": \"array\"}", "{}").size());
        assertEquals(List.of(), errors("{\"type\": \"boolean\"}", "true"));
    }

    @Test
    void constEnumMinimumMaximumPattern() {
        assertEquals(List.of(), errors("{\"const\": 1}", "1.0"));
        assertEquals(1, errors("{\"const\": 1}", "2").size());
        assertEquals(List.of(), errors("{\"enum\": [\"h2d\", \"d2h\"]}", "\"d2h\""));
        assertEquals(1, errors("{\"enum\": [\"h2d\", \"d2h\"]}", "\"p2p\"").size());
        assertEquals(1, errors("{\"minimum\": 0}", "-1").size());
        assertEquals(List.of(), errors("{\"minimum\": 0, \"maximum\": 255}", "255"));
        assertEquals(1, errors("{\"maximum\": 255}", "256").size());
        assertEquals(List.of(), errors("{\"pattern\": \"^[0-9]+$\"}", "\"17\""));
        assertEquals(1, errors("{\"pattern\": \"^[0-9]+$\"}", "\"x1\"").size());
    }

    @Test
    void objects() {
        String schema = "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}}, \"required\": [\"a\"]}";
        assertEquals(List.of(), errors(schema, "{\"a\": 1, \"later\": \"allowed\"}"));
        assertEquals(List.of(": lacks required property \"a\""), errors(schema, "{}"));
        assertEquals(List.of("/a: \"x\" is not of type integer"), errors(schema, "{\"a\": \"x\"}"));
        String closed = "{\"properties\": {\"a\": true}, \"additionalProperties\": false}";
        assertEquals(List.of("/b: not allowed here"), errors(closed, "{\"a\": 1, \"b\": 2}"));
        String map = "{\"propertyNames\": {\"pattern\": \"^[0-9]+$\"}, \"additionalProperties\": {\"type\": \"integer\"}}";
        assertEquals(List.of(), errors(map, "{\"0\": 64, \"1\": 0}"));
        assertEquals(2, errors(map, "{\"node\": 1.5}").size());
    }

    @Test
    void itemsAndReferences() {
        String schema = "{\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/n\"}, \"$defs\": {\"n\": {\"type\": \"integer\"}}}";
        assertEquals(List.of(), errors(schema, "[1, 2]"));
        assertEquals(List.of("/1: \"x\" is not of type integer"), errors(schema, "[1, \"x\"]"));
        assertThrows(IllegalArgumentException.class, () -> errors("{\"$ref\": \"#/$defs/missing\"}", "1"));
        assertThrows(IllegalArgumentException.class, () -> errors("{\"$ref\": \"other.json\"}", "1"));
    }

    @Test
    void minItemsAndMaxItems() {
        String schema = "{\"type\": \"array\", \"minItems\": 1, \"maxItems\": 2}";
        assertEquals(List.of(), errors(schema, "[1]"));
        assertEquals(List.of(), errors(schema, "[1, 2]"));
        assertEquals(List.of(": 0 items, fewer than 1"), errors(schema, "[]"));
        assertEquals(List.of(": 3 items, more than 2"), errors(schema, "[1, 2, 3]"));
        assertEquals(List.of(), errors("{\"minItems\": 1}", "{}"), "applies to arrays only");
    }

    @Test
    void oneOfAndAnyOf() {
        String oneOf = "{\"oneOf\": [{\"type\": \"integer\"}, {\"type\": \"number\"}]}";
        assertEquals(List.of(), errors(oneOf, "1.5"));
        assertEquals(1, errors(oneOf, "1").size(), "an integer is also a number: two branches match");
        assertEquals(1, errors(oneOf, "\"x\"").size());
        String anyOf = "{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"number\"}]}";
        assertEquals(List.of(), errors(anyOf, "1"));
        assertEquals(1, errors(anyOf, "null").size());
    }

    @Test
    void unsupportedKeywordsAreRefusedNotIgnored() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> errors("{\"minLength\": 3}", "\"ab\""));
        assertTrue(e.getMessage().contains("minLength"), e.getMessage());
        assertEquals(List.of(), errors("{\"title\": \"t\", \"description\": \"d\", \"$comment\": \"c\"}", "1"));
    }
}
