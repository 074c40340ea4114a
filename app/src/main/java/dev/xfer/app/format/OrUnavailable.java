package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Objects;
import java.util.Optional;

/**
 * What a recorder gathered, or why it had nothing to gather, as documents carry it: the value
 * itself, or the text {@code "unavailable: <why>"} (a run's {@code context.evidence}: {@code
 * "unavailable: libnvidia-ml.so.1 not found"}). The whole record is missing, where
 * {@link OrUnknown} is one reading of it. {@link RecordBinder} reads a text that starts with
 * {@code unavailable: } as {@link Unavailable}, and anything else as the value, by the value's own rules.
 */
public sealed interface OrUnavailable<T> {
    /** What documents put before the reason. */
    String PREFIX = "unavailable: ";

    /** Written as the value itself. */
    record Value<T>(@JsonValue T value) implements OrUnavailable<T> {
        public Value {
            Objects.requireNonNull(value, "value");
        }
    }

    /** @param why in plain words, without the {@code unavailable: } prefix */
    record Unavailable<T>(String why) implements OrUnavailable<T> {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }

        /** Written as the text {@code "unavailable: <why>"}. */
        @JsonValue
        String json() {
            return PREFIX + why;
        }
    }

    static <T> OrUnavailable<T> of(T value) {
        return new Value<>(value);
    }

    static <T> OrUnavailable<T> unavailable(String why) {
        return new Unavailable<>(why);
    }

    default Optional<T> available() {
        return this instanceof Value<T> v ? Optional.of(v.value()) : Optional.empty();
    }
}
