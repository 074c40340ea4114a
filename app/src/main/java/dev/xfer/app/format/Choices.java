package dev.xfer.app.format;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The choices a {@link RecordBinder} was given: for an owner record's component of an open
 * interface, which record an object binds as ({@link RecordBinder#choosing}). Immutable: each
 * choice added makes new choices.
 */
final class Choices {
    static final Choices NONE = new Choices(Map.of());

    /** Owner record, then component key. */
    private final Map<Class<?>, Map<String, RecordBinder.Choice>> byOwner;

    private Choices(Map<Class<?>, Map<String, RecordBinder.Choice>> byOwner) {
        this.byOwner = byOwner;
    }

    /** These choices, with {@code owner}'s component {@code key} bound as {@code choice} picks. */
    Choices with(Class<?> owner, String key, RecordBinder.Choice choice) {
        Map<Class<?>, Map<String, RecordBinder.Choice>> more = new HashMap<>(byOwner);
        Map<String, RecordBinder.Choice> own = new HashMap<>(more.getOrDefault(owner, Map.of()));
        own.put(key, choice);
        more.put(owner, Map.copyOf(own));
        return new Choices(Map.copyOf(more));
    }

    /** The component's type, or the choice made for it: for a list or an optional, of each element. */
    Type typeOf(Class<?> owner, String key, RecordComponent rc) {
        RecordBinder.Choice choice = byOwner.getOrDefault(owner, Map.of()).get(key);
        if (choice == null) {
            return rc.getGenericType();
        }
        Chosen chosen = new Chosen(choice);
        return rc.getType() == List.class ? new ListOf(chosen)
                : rc.getType() == Optional.class ? new OptionalOf(chosen) : chosen;
    }

    /** A component whose record a {@link RecordBinder.Choice} picks from the object's keys. */
    record Chosen(RecordBinder.Choice choice) implements Type {
        @Override
        public String getTypeName() {
            return "a chosen record";
        }
    }

    /** {@code List<chosen>}. */
    private record ListOf(Type element) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return new Type[] {element};
        }

        @Override
        public Type getRawType() {
            return List.class;
        }

        @Override
        public Type getOwnerType() {
            return null;
        }
    }

    /** {@code Optional<chosen>}. */
    private record OptionalOf(Type element) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return new Type[] {element};
        }

        @Override
        public Type getRawType() {
            return Optional.class;
        }

        @Override
        public Type getOwnerType() {
            return null;
        }
    }
}
