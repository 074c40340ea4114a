package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.util.AccessPattern;

import java.io.IOException;

/**
 * A value every document writes where its record has it, required: null and an absent key are
 * refused in words ({@code points: expected a list, got nothing}) where databind would read them
 * as null or a default. For a record, a sealed interface, a list or a map (databind's own
 * deserializers), another kind of value is refused here too; a {@link Scalar} and a
 * {@link Chosen} refuse it themselves.
 */
final class Required extends DelegatingDeserializer {
    private final String expected;
    /** '{' or '[' where the value must be an object or a list; null where it checks the value itself. */
    private final JsonToken start;

    private Required(JsonDeserializer<?> reads, String expected, JsonToken start) {
        super(reads);
        this.expected = expected;
        this.start = start;
    }

    static Required object(JsonDeserializer<?> reads) {
        return new Required(reads, "an object", JsonToken.START_OBJECT);
    }

    static Required list(JsonDeserializer<?> reads) {
        return new Required(reads, "a list", JsonToken.START_ARRAY);
    }

    /** {@code reads}, which refuses another kind of value itself, required. */
    static Required checked(JsonDeserializer<?> reads, String expected) {
        return new Required(reads, expected, null);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> reads) {
        return new Required(reads, expected, start);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        fits(p, ctxt);
        return super.deserialize(p, ctxt);
    }

    @Override
    public Object deserializeWithType(JsonParser p, DeserializationContext ctxt, TypeDeserializer types)
            throws IOException {
        fits(p, ctxt);
        return super.deserializeWithType(p, ctxt, types);
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
        throw Refusal.none(ctxt, expected, false);
    }

    @Override
    public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
        throw Refusal.none(ctxt, expected, true);
    }

    @Override
    public AccessPattern getNullAccessPattern() {
        return AccessPattern.DYNAMIC; // asked at each null: it refuses, it has no value to keep
    }

    private void fits(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken at = p.currentToken();
        // A record is read from past its '{' where databind read its tag first: at a key, or at its end.
        boolean fits = start == null || at == start || start == JsonToken.START_OBJECT
                && (at == JsonToken.FIELD_NAME || at == JsonToken.END_OBJECT);
        if (!fits) {
            throw Refusal.wrong(p, ctxt, expected);
        }
    }
}
