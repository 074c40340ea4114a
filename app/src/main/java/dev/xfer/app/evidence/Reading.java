package dev.xfer.app.evidence;

import dev.xfer.app.format.OrUnknown;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One item read from the machine: its value, or why it could not be read ({@code unknown: not
 * supported}, {@code unknown: no permission}), and where it was read. The one "value or why not"
 * of xfer: the evidence probes (NVML, the PCIe counters) and doctor's readings (sysfs files, PCI
 * config space, CUDA calls) all read into it. An unknown reading is never a failure and never
 * disturbs a measurement: the rules judge only what was read.
 *
 * @param <T> what was read
 */
public sealed interface Reading<T> permits Reading.Known, Reading.Unknown {

    /**
     * Where the value was read, or was to be read: a sysfs path, a config-space register, a call.
     * Empty where the reader names no place (the evidence probes, whose reasons name their call).
     */
    String where();

    /** The value, and where it was read. */
    record Known<T>(T value, String where) implements Reading<T> {
        public Known {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(where, "where");
        }

        public Known(T value) {
            this(value, "");
        }
    }

    /** @param why in plain words, one line, without the {@code unknown: } prefix */
    record Unknown<T>(String why, String where) implements Reading<T> {
        public Unknown {
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(where, "where");
        }

        public Unknown(String why) {
            this(why, "");
        }
    }

    static <T> Reading<T> of(T value) {
        return new Known<>(value);
    }

    static <T> Reading<T> known(T value, String where) {
        return new Known<>(value, where);
    }

    static <T> Reading<T> unknown(String why) {
        return new Unknown<>(why);
    }

    static <T> Reading<T> unknown(String why, String where) {
        return new Unknown<>(why, where);
    }

    default Optional<T> known() {
        return this instanceof Known<T> k ? Optional.of(k.value()) : Optional.empty();
    }

    /** The value mapped, or the same reason; read at the same place. */
    default <U> Reading<U> map(Function<T, U> f) {
        return switch (this) {
            case Known<T> k -> new Known<>(f.apply(k.value()), k.where());
            case Unknown<T> u -> new Unknown<>(u.why(), u.where());
        };
    }

    /** The same value or reason, read at {@code where}. */
    default Reading<T> at(String where) {
        return switch (this) {
            case Known<T> k -> new Known<>(k.value(), where);
            case Unknown<T> u -> new Unknown<>(u.why(), where);
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
