package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Objects;
import java.util.Optional;

/**
 * A value a probe read, or why it could not be read, as documents carry it: the value itself, or
 * the text {@code "unknown: <why>"} ({@code "pcieReplays": "unknown: not supported"}).
 * {@link RecordBinder} reads a text that starts with {@code unknown: } as {@link Unknown}, and
 * anything else as the value, by the value's own rules.
 */
public sealed interface OrUnknown<T> {
    /** What documents put before the reason. */
    String PREFIX = "unknown: ";

    /** Written as the value itself. */
    record Value<T>(@JsonValue T value) implements OrUnknown<T> {
        public Value {
            Objects.requireNonNull(value, "value");
        }
    }

    /** @param why in plain words, without the {@code unknown: } prefix */
    record Unknown<T>(String why) implements OrUnknown<T> {
        public Unknown {
            Objects.requireNonNull(why, "why");
        }

        /** Written as the text {@code "unknown: <why>"}. */
        @JsonValue
        String json() {
            return PREFIX + why;
        }
    }

    static <T> OrUnknown<T> of(T value) {
        return new Value<>(value);
    }

    static <T> OrUnknown<T> unknown(String why) {
        return new Unknown<>(why);
    }

    default Optional<T> known() {
        return this instanceof Value<T> v ? Optional.of(v.value()) : Optional.empty();
    }
}
