package dev.xfer.app.evidence;

import dev.xfer.app.format.OrUnknown;

import java.util.Optional;
import java.util.function.Function;

/**
 * One item a probe read: its value, or why it could not be read ({@code unknown: not supported},
 * {@code unknown: no permission}). An unknown reading is never a failure and never disturbs a
 * measurement: the rules judge only what was read.
 */
public sealed interface Reading<T> {
    record Known<T>(T value) implements Reading<T> {
        public Known {
            java.util.Objects.requireNonNull(value, "value");
        }
    }

    /** @param why in plain words, without the {@code unknown: } prefix */
    record Unknown<T>(String why) implements Reading<T> {
    }

    static <T> Reading<T> of(T value) {
        return new Known<>(value);
    }

    static <T> Reading<T> unknown(String why) {
        return new Unknown<>(why);
    }

    default Optional<T> known() {
        return this instanceof Known<T> k ? Optional.of(k.value()) : Optional.empty();
    }

    default <U> Reading<U> map(Function<T, U> f) {
        return switch (this) {
            case Known<T> k -> new Known<>(f.apply(k.value()));
            case Unknown<T> u -> new Unknown<>(u.why());
        };
    }

    /** As the document carries it: {@code f} of the value, or the text {@code unknown: <why>}. */
    default <U> OrUnknown<U> document(Function<T, U> f) {
        return switch (this) {
            case Known<T> k -> OrUnknown.of(f.apply(k.value()));
            case Unknown<T> u -> OrUnknown.unknown(u.why());
        };
    }
}
