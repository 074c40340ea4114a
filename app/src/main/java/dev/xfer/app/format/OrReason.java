package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.util.AccessPattern;

import java.io.IOException;
import java.util.function.Function;

/**
 * {@link OrUnknown} and {@link OrUnavailable}: a text that starts with the prefix
 * ({@code unknown: }) is the reason, and anything else is the value, read and refused by the
 * value's own deserializer. Only the text's start tells which, and no annotation says that.
 */
final class OrReason extends StdDeserializer<Object> implements ContextualDeserializer {
    private final String prefix;
    private final Function<Object, Object> of;
    private final Function<String, Object> reason;
    private final JsonDeserializer<Object> value;

    private OrReason(JavaType type, String prefix, Function<Object, Object> of, Function<String, Object> reason,
                     JsonDeserializer<Object> value) {
        super(type);
        this.prefix = prefix;
        this.of = of;
        this.reason = reason;
        this.value = value;
    }

    static OrReason unknown(JavaType type) {
        return new OrReason(type, OrUnknown.PREFIX, OrUnknown::of, OrUnknown::unknown, null);
    }

    static OrReason unavailable(JavaType type) {
        return new OrReason(type, OrUnavailable.PREFIX, OrUnavailable::of, OrUnavailable::unavailable, null);
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
            throws JsonMappingException {
        return new OrReason(getValueType(), prefix, of, reason,
                ctxt.findContextualValueDeserializer(getValueType().containedTypeOrUnknown(0), property));
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.hasToken(JsonToken.VALUE_STRING) && p.getText().startsWith(prefix)) {
            return reason.apply(p.getText().substring(prefix.length()));
        }
        return of.apply(value.deserialize(p, ctxt));
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
        return of.apply(value.getNullValue(ctxt));
    }

    @Override
    public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
        return of.apply(value.getAbsentValue(ctxt));
    }

    @Override
    public AccessPattern getNullAccessPattern() {
        return AccessPattern.DYNAMIC; // the value's refusal
    }
}
