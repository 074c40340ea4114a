package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.type.ReferenceType;
import com.fasterxml.jackson.databind.util.AccessPattern;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * {@code Optional}, {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}: an absent
 * key is empty (the writer leaves an empty one out), null is empty only where the component is
 * {@code @JsonInclude(ALWAYS)} (the writer writes it so) and elsewhere the value's own refusal,
 * and the value is read by its strict deserializer. jackson-datatype-jdk8's deserializers read
 * every null as empty and coerce {@code "1"} and {@code 1.5} into an OptionalInt.
 */
final class Maybe extends StdDeserializer<Object> implements ContextualDeserializer {
    private final JavaType content;
    private final Function<Object, Object> of;
    private final Object empty;
    private final boolean nullIsEmpty;
    private final JsonDeserializer<Object> value;
    private final TypeDeserializer types;

    private Maybe(JavaType type, Function<Object, Object> of, Object empty, boolean nullIsEmpty,
                  JsonDeserializer<Object> value, TypeDeserializer types) {
        super(type);
        this.content = type.getContentType();
        this.of = of;
        this.empty = empty;
        this.nullIsEmpty = nullIsEmpty;
        this.value = value;
        this.types = types;
    }

    /** @param types how a sealed interface's value tells its record, or null */
    static Maybe of(ReferenceType type, TypeDeserializer types) {
        Class<?> raw = type.getRawClass();
        if (raw == OptionalInt.class) {
            return new Maybe(type, v -> OptionalInt.of((Integer) v), OptionalInt.empty(), false, null, types);
        }
        if (raw == OptionalLong.class) {
            return new Maybe(type, v -> OptionalLong.of((Long) v), OptionalLong.empty(), false, null, types);
        }
        if (raw == OptionalDouble.class) {
            return new Maybe(type, v -> OptionalDouble.of((Double) v), OptionalDouble.empty(), false, null, types);
        }
        return raw == Optional.class ? new Maybe(type, Optional::of, Optional.empty(), false, null, types) : null;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
            throws JsonMappingException {
        JsonInclude include = property == null ? null : property.getAnnotation(JsonInclude.class);
        return new Maybe(getValueType(), of, empty, include != null && include.value() == JsonInclude.Include.ALWAYS,
                ctxt.findContextualValueDeserializer(content, property),
                types == null ? null : types.forProperty(property));
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        return of.apply(types == null ? value.deserialize(p, ctxt) : value.deserializeWithType(p, ctxt, types));
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
        return nullIsEmpty ? empty : of.apply(value.getNullValue(ctxt));
    }

    @Override
    public Object getAbsentValue(DeserializationContext ctxt) {
        return empty;
    }

    @Override
    public AccessPattern getNullAccessPattern() {
        return AccessPattern.DYNAMIC; // empty or refused, by the component
    }
}
