package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a record is laid out in a document, read from the same Jackson annotations databind writes
 * it by ({@link JsonWriter}), so that {@link RecordBinder} binds what was written: its components
 * in declaration order, each one key named as the component (or as its {@code @JsonProperty}),
 * {@code @JsonUnwrapped} ones inline, {@code @JsonInclude(ALWAYS)} optionals null when empty,
 * and, when the record is one of a {@code @JsonTypeInfo} sealed interface, the key and its
 * {@code @JsonTypeName}; and its canonical constructor, which binding makes it with.
 */
record RecordShape(Class<?> type, List<Component> components, Optional<Tagged> tagged, Constructor<?> canonical) {

    // Looked up once per record class: reflection on every write of every row would cost more than
    // the writing. A ClassValue holds no state of xfer's, only what the class file already says.
    private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
        @Override
        protected RecordShape computeValue(Class<?> type) {
            return shapeOf(type);
        }
    };

    /**
     * One component: its key (the component's name, or its {@code @JsonProperty}, read once with the rest of
     * the shape), whether an empty value is written as null, and its accessor.
     */
    record Component(RecordComponent component, String key, boolean nullWhenEmpty, boolean inline, Method accessor) {
        Object valueOf(Record r) {
            try {
                return accessor.invoke(r);
            } catch (IllegalAccessException e) {
                throw new IllegalArgumentException("cannot read " + r.getClass().getName() + "." + key(), e);
            } catch (InvocationTargetException e) {
                throw new IllegalArgumentException("cannot read " + r.getClass().getName() + "." + key(), e.getCause());
            }
        }
    }

    /** The discriminator key of the sealed interface and this record's tag under it. */
    record Tagged(String key, String tag) {
    }

    static RecordShape of(Class<?> type) {
        return SHAPES.get(type);
    }

    private static RecordShape shapeOf(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        List<Component> components = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            Method accessor = c.getAccessor();
            // Records nested in a package-private class are written too; the app is one module.
            accessor.setAccessible(true);
            // Jackson's annotations do not target record components: javac puts them on the
            // accessor (and the field and the constructor's parameter), where they are read.
            JsonInclude include = accessor.getAnnotation(JsonInclude.class);
            boolean nullWhenEmpty = include != null && include.value() == JsonInclude.Include.ALWAYS;
            if (nullWhenEmpty && !optional(c.getType())) {
                throw new IllegalArgumentException(type.getName() + "." + c.getName()
                        + ": @JsonInclude(ALWAYS) is only for Optional, OptionalInt, OptionalLong and OptionalDouble");
            }
            // A map's entries stand inline through @JsonAnyGetter (databind unwraps records only).
            boolean inline = accessor.isAnnotationPresent(JsonUnwrapped.class)
                    || accessor.isAnnotationPresent(JsonAnyGetter.class);
            if (inline && (nullWhenEmpty || optional(c.getType()) || c.getType().isPrimitive()
                    || c.getType() == String.class || java.util.List.class.isAssignableFrom(c.getType()))) {
                throw new IllegalArgumentException(type.getName() + "." + c.getName()
                        + ": @JsonUnwrapped is only for a record, @JsonAnyGetter for a map");
            }
            JsonProperty key = accessor.getAnnotation(JsonProperty.class);
            String name = key == null || key.value().isEmpty() ? c.getName() : key.value();
            components.add(new Component(c, name, nullWhenEmpty, inline, accessor));
        }
        Optional<Tagged> tagged = discriminatorOf(type).map(key -> {
            JsonTypeName tag = type.getAnnotation(JsonTypeName.class);
            if (tag == null) {
                throw new IllegalArgumentException(type.getName() + " is under a @JsonTypeInfo(property = \"" + key
                        + "\") interface but has no @JsonTypeName");
            }
            if (components.stream().anyMatch(c -> c.key().equals(key))) {
                throw new IllegalArgumentException(type.getName() + " has a component named like its discriminator \""
                        + key + "\"");
            }
            return new Tagged(key, tag.value());
        });
        Class<?>[] types = components.stream().map(c -> c.component().getType()).toArray(Class<?>[]::new);
        Constructor<?> canonical;
        try {
            canonical = type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no canonical constructor", e);
        }
        // As the accessors: records nested in a package-private class are bound too.
        canonical.setAccessible(true);
        return new RecordShape(type, List.copyOf(components), tagged, canonical);
    }

    static boolean optional(Class<?> type) {
        return type == Optional.class || type == java.util.OptionalInt.class || type == java.util.OptionalLong.class
                || type == java.util.OptionalDouble.class;
    }

    /** The property of the {@code @JsonTypeInfo} on one of the interfaces {@code type} implements, if any. */
    static Optional<String> discriminatorOf(Class<?> type) {
        for (Class<?> i : type.getInterfaces()) {
            JsonTypeInfo d = i.getAnnotation(JsonTypeInfo.class);
            if (d != null) {
                return Optional.of(d.property());
            }
            Optional<String> above = discriminatorOf(i);
            if (above.isPresent()) {
                return above;
            }
        }
        return Optional.empty();
    }

    /** The records a {@code @JsonTypeInfo} interface permits, each by its tag (records only; nested sealed interfaces are followed). */
    static List<Class<?>> permittedRecords(Class<?> sealed) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isRecord()) {
                out.add(c);
            } else if (c.isInterface() && c.isSealed()) {
                out.addAll(permittedRecords(c));
            } else {
                throw new IllegalArgumentException(sealed.getName() + " permits " + c.getName()
                        + ", which is neither a record nor a sealed interface");
            }
        }
        return out;
    }

    static String tagOf(Class<?> record) {
        JsonTypeName tag = record.getAnnotation(JsonTypeName.class);
        if (tag == null) {
            throw new IllegalArgumentException(record.getName() + " has no @JsonTypeName");
        }
        return tag.value();
    }

    static List<String> labels(Class<?> enumType) {
        return Arrays.stream(enumType.getEnumConstants()).map(e -> ((Labelled) e).label()).toList();
    }
}
