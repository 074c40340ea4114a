package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.util.NameTransformer;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What the jackson-databind this build uses (2.23) does with xfer's records when it reads, on
 * which moving {@link RecordBinder}'s work to databind (#40) depends. A test fails here when an
 * upgrade changes one of them: then the workaround it calls for may go, or a new one is needed.
 */
class DatabindReadingLimitsTest {
    record Inner(long a, String b) {
    }

    record Outer(String name, @JsonUnwrapped Inner inner) {
    }

    record Plain(String name, double x, Optional<String> note) {
    }

    /** An open part of a document ({@code results}' rows): which record it is, a choice decides. */
    interface Row {
    }

    record Bytes(long bytes) implements Row {
    }

    record Rows(List<Row> rows, Optional<Row> first) {
    }

    record Tagged(String command, @JsonUnwrapped Row row) {
    }

    private static JsonMapper.Builder mapper() {
        return JsonMapper.builder().addModule(new Jdk8Module())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /**
     * Since 2.19 (databind#1467) databind reads {@code @JsonUnwrapped} on a record's creator back from
     * the enclosing object's keys (2.18 refused it: "combination not yet supported"), so the
     * envelopes need no deserializer of their own.
     */
    @Test
    void anUnwrappedRecordComponentIsReadBack() throws IOException {
        assertEquals(new Outer("n", new Inner(1, "x")),
                mapper().build().readValue("{\"name\": \"n\", \"a\": 1, \"b\": \"x\"}", Outer.class));
    }

    /**
     * FAIL_ON_MISSING_CREATOR_PROPERTIES refuses an absent Optional too, where xfer's documents leave
     * an empty one out: missing fields are found with FAIL_ON_NULL_CREATOR_PROPERTIES instead, which
     * lets an absent Optional be empty and names the missing field's path.
     */
    @Test
    void anAbsentOptionalIsMissingUnderTheMissingFeatureButEmptyUnderTheNullOne() throws IOException {
        ObjectMapper missing = mapper().enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES).build();
        JsonMappingException e = assertThrows(JsonMappingException.class,
                () -> missing.readValue("{\"name\": \"n\", \"x\": 1.5}", Plain.class));
        assertEquals("note", e.getPath().getLast().getFieldName());

        ObjectMapper nulls = mapper().enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
                DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
        assertEquals(new Plain("n", 1.5, Optional.empty()), nulls.readValue("{\"name\": \"n\", \"x\": 1.5}", Plain.class));
        e = assertThrows(JsonMappingException.class, () -> nulls.readValue("{\"x\": 1.5}", Plain.class));
        assertEquals("name", e.getPath().getLast().getFieldName());
    }

    /** Left to itself databind reads a number as text, an explicit null as an empty Optional, and 1e400 as Infinity. */
    @Test
    void byDefaultDatabindIsLenientWhereTheBinderIsStrict() throws IOException {
        ObjectMapper lenient = mapper().build();
        assertEquals(new Plain("3", Double.POSITIVE_INFINITY, Optional.empty()),
                lenient.readValue("{\"name\": 3, \"x\": 1e400, \"note\": null}", Plain.class));
    }

    /**
     * A deserializer of an open interface learns, per component, the record and key it fills, for
     * each element of a list or an optional too: a document's choices can be made there.
     */
    @Test
    void aContextualDeserializerSeesTheOwnerAndKeyOfEachElement() throws IOException {
        List<String> seen = new ArrayList<>();
        SimpleModule choices = new SimpleModule().addDeserializer(Row.class, new Chosen(seen, "?"));
        Rows rows = mapper().addModule(choices).build()
                .readValue("{\"rows\": [{\"bytes\": 1}], \"first\": {\"bytes\": 2}}", Rows.class);
        assertEquals(new Rows(List.of(new Bytes(1)), Optional.of(new Bytes(2))), rows);
        assertEquals(List.of("Rows.rows", "Rows.first"), seen);
    }

    private static final class Chosen extends JsonDeserializer<Row> implements ContextualDeserializer {
        private final List<String> seen;
        private final String where;

        Chosen(List<String> seen, String where) {
            this.seen = seen;
            this.where = where;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            return new Chosen(seen, property.getMember().getDeclaringClass().getSimpleName() + "." + property.getName());
        }

        @Override
        public Row deserialize(JsonParser parser, DeserializationContext ctxt) throws IOException {
            seen.add(where);
            return ctxt.readValue(parser, Bytes.class);
        }
    }

    /**
     * An unwrapped component of an open interface is read by its deserializer's
     * {@code unwrappingDeserializer} (databind takes it only when that is another instance), from the
     * keys the owner's other components leave: a choice made there never sees them ({@code command}).
     */
    @Test
    void anUnwrappedOpenPartSeesOnlyTheKeysItsOwnerLeaves() throws IOException {
        List<String> seen = new ArrayList<>();
        SimpleModule keys = new SimpleModule().addDeserializer(Row.class, new KeysSeen(seen));
        assertEquals(new Tagged("c", new Bytes(3)),
                mapper().addModule(keys).build().readValue("{\"command\": \"c\", \"bytes\": 3}", Tagged.class));
        assertEquals(List.of("bytes"), seen);
    }

    private static final class KeysSeen extends JsonDeserializer<Row> {
        private final List<String> seen;

        KeysSeen(List<String> seen) {
            this.seen = seen;
        }

        @Override
        public JsonDeserializer<Row> unwrappingDeserializer(NameTransformer unwrapper) {
            return new KeysSeen(seen);
        }

        @Override
        public Row deserialize(JsonParser parser, DeserializationContext ctxt) throws IOException {
            JsonNode node = ctxt.readTree(parser);
            node.fieldNames().forEachRemaining(seen::add);
            return ctxt.readTreeAsValue(node, Bytes.class);
        }
    }
}
