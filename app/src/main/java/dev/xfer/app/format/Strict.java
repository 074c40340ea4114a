package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBase;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.Deserializers;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.MapType;
import com.fasterxml.jackson.databind.type.ReferenceType;
import com.fasterxml.jackson.databind.util.AccessPattern;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What reading xfer's documents needs beyond databind's own settings ({@link RecordBinder}'s
 * mapper refuses coercions, nulls and absent values itself), each for a reason no setting covers:
 * <ul>
 *   <li>{@link Maybe}: an optional's null is empty only where the component is
 *       {@code @JsonInclude(ALWAYS)} (the writer writes it so) and refused elsewhere, where
 *       jackson-datatype-jdk8 reads every null as empty; an absent key is empty;</li>
 *   <li>{@link OrReason}: {@link OrUnknown} and {@link OrUnavailable} are told by a text's start;</li>
 *   <li>{@link Chosen}: an open interface's record, picked by the reader's choices;</li>
 *   <li>what is not xfer's to bind (a plain class, an enum without a label, a map of
 *       {@code Object} or of other keys than text, an inline component that is no record or open
 *       interface) is a programming error, where databind would guess.</li>
 * </ul>
 * A refusal is a {@link MismatchedInputException} naming the type it expected, as databind's own
 * are; {@link RecordBinder} says both in xfer's words.
 */
final class Strict extends SimpleModule {
    Strict() {
        super("xfer-strict");
        setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyReferenceDeserializer(DeserializationConfig config, ReferenceType type,
                                                                   BeanDescription bean, JsonDeserializer<?> deserializer) {
                return new Maybe(deserializer, type, false);
            }

            @Override
            public JsonDeserializer<?> modifyEnumDeserializer(DeserializationConfig config, JavaType type,
                                                              BeanDescription bean, JsonDeserializer<?> deserializer) {
                return Labelled.class.isAssignableFrom(type.getRawClass()) ? deserializer : refused(type, "give it a label (implement Labelled)");
            }

            @Override
            public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
                                                             BeanDescription bean, JsonDeserializer<?> deserializer) {
                boolean typed = type.getKeyType().hasRawClass(String.class) && !type.getContentType().hasRawClass(Object.class);
                return typed ? deserializer : refused(type, "a map's keys are text and its values of a type");
            }

            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription bean,
                                                          JsonDeserializer<?> deserializer) {
                Class<?> type = bean.getBeanClass();
                if (deserializer instanceof BeanDeserializerBase && !type.isRecord()) {
                    return refused(bean.getType(), "records, lists, maps, labelled enums, text, numbers and booleans only");
                }
                for (RecordComponent c : type.isRecord() ? type.getRecordComponents() : new RecordComponent[0]) {
                    Class<?> inline = c.getType();
                    boolean open = inline.isInterface() && !Iterable.class.isAssignableFrom(inline) && !Map.class.isAssignableFrom(inline);
                    if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class) && !inline.isRecord() && !open) {
                        return refused(bean.getType(), c.getName() + ": @JsonUnwrapped is only for a record or an open interface");
                    }
                }
                return deserializer;
            }
        });
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        // An optional's null and absence, and a reason's, are their deserializers': empty, or refused naming the value's type.
        for (Class<?> type : List.of(Optional.class, OptionalInt.class, OptionalLong.class, OptionalDouble.class,
                OrUnknown.class, OrUnavailable.class)) {
            context.configOverride(type).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.SET));
        }
        context.addDeserializers(new Deserializers.Base() {
            @Override
            public JsonDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config, BeanDescription bean) {
                Class<?> raw = type.getRawClass();
                if (raw == OrUnknown.class || raw == OrUnavailable.class) {
                    return new OrReason(type);
                }
                return raw.isInterface() && !raw.isAnnotationPresent(JsonTypeInfo.class) ? new Chosen(raw) : null;
            }
        });
    }

    private static JsonDeserializer<?> refused(JavaType type, String why) {
        throw new IllegalArgumentException("cannot bind JSON to a " + type + ": " + why);
    }

    /** The value {@code expected} is missing: null, or an absent key. */
    static MismatchedInputException none(DeserializationContext ctxt, Class<?> expected) {
        return MismatchedInputException.from(ctxt.getParser(), expected, "no value");
    }

    /** {@code Optional}, {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}: jdk8's, with xfer's nulls. */
    private static final class Maybe extends DelegatingDeserializer {
        private final JavaType type;
        private final boolean nullIsEmpty;

        Maybe(JsonDeserializer<?> jdk8, JavaType type, boolean nullIsEmpty) {
            super(jdk8);
            this.type = type;
            this.nullIsEmpty = nullIsEmpty;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> jdk8) {
            return new Maybe(jdk8, type, nullIsEmpty);
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
                throws JsonMappingException {
            JsonInclude include = property == null ? null : property.getAnnotation(JsonInclude.class);
            return new Maybe(ctxt.handleSecondaryContextualization(_delegatee, property, type), type,
                    include != null && include.value() == JsonInclude.Include.ALWAYS);
        }

        @Override
        public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            if (nullIsEmpty) {
                return getAbsentValue(ctxt);
            }
            throw none(ctxt, type.getContentType().getRawClass());
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            Class<?> raw = type.getRawClass();
            return raw == OptionalInt.class ? OptionalInt.empty() : raw == OptionalLong.class ? OptionalLong.empty()
                    : raw == OptionalDouble.class ? OptionalDouble.empty() : Optional.empty();
        }

        @Override
        public AccessPattern getNullAccessPattern() {
            return AccessPattern.DYNAMIC; // empty or refused, by the component
        }
    }

    /**
     * {@link OrUnknown} and {@link OrUnavailable}: a text that starts with the prefix
     * ({@code unknown: }) is the reason, anything else the value, read (and refused) as the value's
     * type is. Only the text's start tells which, and no annotation says that.
     */
    private static final class OrReason extends StdDeserializer<Object> {
        OrReason(JavaType type) {
            super(type);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            boolean unknown = handledType() == OrUnknown.class;
            String prefix = unknown ? OrUnknown.PREFIX : OrUnavailable.PREFIX;
            if (p.hasToken(JsonToken.VALUE_STRING) && p.getText().startsWith(prefix)) {
                String why = p.getText().substring(prefix.length());
                return unknown ? OrUnknown.unknown(why) : OrUnavailable.unavailable(why);
            }
            Object value = ctxt.readValue(p, getValueType().containedTypeOrUnknown(0));
            return unknown ? OrUnknown.of(value) : OrUnavailable.of(value);
        }

        @Override
        public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            throw none(ctxt, getValueType().containedTypeOrUnknown(0).getRawClass());
        }

        @Override
        public AccessPattern getNullAccessPattern() {
            return AccessPattern.DYNAMIC; // refused, naming the value's type
        }
    }
}
