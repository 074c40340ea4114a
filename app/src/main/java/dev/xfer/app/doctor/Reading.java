package dev.xfer.app.doctor;

import java.util.Objects;
import java.util.function.Function;

/**
 * A value read from the machine, or why it could not be.
 *
 * @param <T> the value's type
 */
public sealed interface Reading<T> permits Reading.Known, Reading.Unknown {

    /** Where the value was read (or was to be read): a sysfs path, a register, a call. */
    String where();

    /** The value, and where it was read. */
    record Known<T>(T value, String where) implements Reading<T> {
        public Known {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(where, "where");
        }
    }

    /** Not read, and why: one line. */
    record Unknown<T>(String why, String where) implements Reading<T> {
        public Unknown {
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(where, "where");
        }
    }

    static <T> Reading<T> known(T value, String where) {
        return new Known<>(value, where);
    }

    static <T> Reading<T> unknown(String why, String where) {
        return new Unknown<>(why, where);
    }

    /** The value mapped, or the same reason. */
    default <R> Reading<R> map(Function<T, R> mapper) {
        return switch (this) {
            case Known<T> k -> new Known<>(mapper.apply(k.value()), k.where());
            case Unknown<T> u -> new Unknown<>(u.why(), u.where());
        };
    }
}
