package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBase;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.jsontype.TypeIdResolver;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.MapType;
import com.fasterxml.jackson.databind.type.ReferenceType;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where reading xfer's documents differs from what databind reads by default, and no setting says
 * so: its scalars strict ({@link Scalar}), optionals ({@link Maybe}), {@link OrUnknown} and
 * {@link OrUnavailable} ({@link OrReason}), open interfaces ({@link Chosen}), records, lists and
 * maps required ({@link Required}), and a sealed interface's unknown or missing tag said as its
 * tag property's refusal. A type outside these (a plain class, an enum that is not
 * {@link Labelled}, a map of {@code Object}) is a programming error.
 */
final class StrictValues extends SimpleModule {
    private static final Map<Class<?>, Scalar> SCALARS = Map.of(
            String.class, Scalar.text(),
            boolean.class, Scalar.truth(boolean.class),
            Boolean.class, Scalar.truth(Boolean.class),
            long.class, Scalar.whole(long.class, Long.MIN_VALUE, Long.MAX_VALUE, v -> v),
            Long.class, Scalar.whole(Long.class, Long.MIN_VALUE, Long.MAX_VALUE, v -> v),
            int.class, Scalar.whole(int.class, Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v),
            Integer.class, Scalar.whole(Integer.class, Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v),
            double.class, Scalar.finite(double.class),
            Double.class, Scalar.finite(Double.class));

    StrictValues() {
        super("xfer-strict-values");
        setDeserializers(new Values());
        setDeserializerModifier(new Requiring());
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addDeserializationProblemHandler(new Tags());
    }

    private static final class Values extends SimpleDeserializers {
        @Override
        public JsonDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config,
                                                        BeanDescription bean) {
            Class<?> raw = type.getRawClass();
            if (SCALARS.containsKey(raw)) {
                return SCALARS.get(raw);
            }
            if (raw == OrUnknown.class) {
                return OrReason.unknown(type);
            }
            if (raw == OrUnavailable.class) {
                return OrReason.unavailable(type);
            }
            return raw.isInterface() && !raw.isAnnotationPresent(JsonTypeInfo.class) ? new Chosen(raw) : null;
        }

        @Override
        public JsonDeserializer<?> findEnumDeserializer(Class<?> type, DeserializationConfig config,
                                                        BeanDescription bean) {
            return Scalar.label(type);
        }

        @Override
        public JsonDeserializer<?> findReferenceDeserializer(ReferenceType type, DeserializationConfig config,
                                                             BeanDescription bean, TypeDeserializer contentTypes,
                                                             JsonDeserializer<?> content) {
            return Maybe.of(type, contentTypes);
        }
    }

    private static final class Requiring extends BeanDeserializerModifier {
        @Override
        public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription bean,
                                                      JsonDeserializer<?> deserializer) {
            Class<?> type = bean.getBeanClass();
            if (deserializer instanceof Scalar scalar) {
                return Required.checked(scalar, scalar.expected);
            }
            if (deserializer instanceof Chosen) {
                return Required.checked(deserializer, "an object");
            }
            if (type.isRecord()) {
                inlineOnlyRecords(type);
            }
            if (type.isRecord() || type.isSealed() && type.isAnnotationPresent(JsonTypeInfo.class)) {
                return Required.object(deserializer);
            }
            if (deserializer instanceof BeanDeserializerBase) {
                throw new IllegalArgumentException("cannot bind JSON to a " + type.getName()
                        + ": records, lists, maps, labelled enums, text, numbers and booleans only");
            }
            return deserializer;
        }

        /** Databind would read an inline list or text as an ordinary key: an object's members are all that may stand inline. */
        private static void inlineOnlyRecords(Class<?> record) {
            for (RecordComponent c : record.getRecordComponents()) {
                Class<?> type = c.getType();
                boolean open = type.isInterface() && !Iterable.class.isAssignableFrom(type) && !Map.class.isAssignableFrom(type);
                if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class) && !type.isRecord() && !open) {
                    throw new IllegalArgumentException(record.getName() + "." + c.getName()
                            + ": @JsonUnwrapped is only for a record or an open interface");
                }
            }
        }

        @Override
        public JsonDeserializer<?> modifyEnumDeserializer(DeserializationConfig config, JavaType type,
                                                          BeanDescription bean, JsonDeserializer<?> deserializer) {
            return Required.checked(deserializer, ((Scalar) deserializer).expected);
        }

        @Override
        public JsonDeserializer<?> modifyCollectionDeserializer(DeserializationConfig config, CollectionType type,
                                                                BeanDescription bean, JsonDeserializer<?> deserializer) {
            return Required.list(deserializer);
        }

        @Override
        public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
                                                         BeanDescription bean, JsonDeserializer<?> deserializer) {
            if (!type.getKeyType().hasRawClass(String.class) || type.getContentType().hasRawClass(Object.class)) {
                throw new IllegalArgumentException("cannot bind JSON to a " + type + ": a map's keys are text"
                        + " and its values of a type");
            }
            return Required.object(deserializer);
        }
    }

    /** A tag that names none of a sealed interface's records, or none: the tag property's refusal, naming every tag. */
    private static final class Tags extends DeserializationProblemHandler {
        @Override
        public JavaType handleUnknownTypeId(DeserializationContext ctxt, JavaType base, String tag,
                                            TypeIdResolver ids, String failure) throws Refusal {
            throw refusal(ctxt, base.getRawClass(), NodeKind.of(TextNode.valueOf(tag)));
        }

        @Override
        public JavaType handleMissingTypeId(DeserializationContext ctxt, JavaType base, TypeIdResolver ids,
                                            String failure) throws Refusal {
            throw refusal(ctxt, base.getRawClass(), "nothing");
        }

        private static Refusal refusal(DeserializationContext ctxt, Class<?> sealed, String got) {
            Refusal refusal = new Refusal(ctxt, "expected one of " + String.join(", ", tags(sealed)) + ", got " + got);
            refusal.prependPath(sealed, sealed.getAnnotation(JsonTypeInfo.class).property());
            return refusal;
        }

        /** The tags of the records {@code sealed} permits, in its order (nested sealed interfaces followed). */
        private static List<String> tags(Class<?> sealed) {
            List<String> tags = new ArrayList<>();
            for (Class<?> c : sealed.getPermittedSubclasses()) {
                if (c.isSealed()) {
                    tags.addAll(tags(c));
                } else if (c.isAnnotationPresent(JsonTypeName.class)) {
                    tags.add(c.getAnnotation(JsonTypeName.class).value());
                }
            }
            return tags;
        }
    }
}
