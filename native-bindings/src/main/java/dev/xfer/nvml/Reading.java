package dev.xfer.nvml;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One reading of a GPU's state: its value, or why it could not be read. Evidence must say what
 * it could not read rather than fail, so a reader that NVML refuses (not supported on this GPU,
 * no permission, a lost GPU) becomes {@link Unknown} with NVML's reason.
 *
 * @param <T> what was read
 */
public sealed interface Reading<T> {

    /** A value NVML gave. */
    record Known<T>(T value) implements Reading<T> {
        @Override
        public String toString() {
            return String.valueOf(value);
        }
    }

    /** No value; {@code why} names the call and NVML's return code. */
    record Unknown<T>(String why) implements Reading<T> {
        @Override
        public String toString() {
            return "unknown: " + why;
        }
    }

    /** Reads through {@code reader}, turning an {@link NvmlException} into {@link Unknown}. */
    static <T> Reading<T> of(Supplier<T> reader) {
        try {
            return new Known<>(reader.get());
        } catch (NvmlException e) {
            return new Unknown<>(e.getMessage());
        }
    }

    /** The value, or {@code otherwise} when unknown. */
    default T orElse(T otherwise) {
        return switch (this) {
            case Known<T> known -> known.value();
            case Unknown<T> unknown -> otherwise;
        };
    }

    default boolean isKnown() {
        return this instanceof Known<T>;
    }

    /** The same reading with its value transformed; an unknown stays unknown with its reason. */
    default <R> Reading<R> map(Function<? super T, ? extends R> f) {
        return switch (this) {
            case Known<T> known -> new Known<>(f.apply(known.value()));
            case Unknown<T> unknown -> new Unknown<>(unknown.why());
        };
    }
}
