package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The memory a bandwidth row measured: one host memory kind's buffer, or the device's own memory
 * (a device-local row, {@code d2d}), which no host kind names. Written by its {@link #label()}.
 */
public sealed interface MeasuredMemory {
    /** The device's own memory: a device-local row. */
    MeasuredMemory DEVICE = Device.DEVICE;

    /** The word rows and names use: a host kind's label, or {@code device}. */
    String label();

    /** The host memory kind measured; empty for the device's own memory. */
    Optional<HostMemoryKind> host();

    /** Host memory of {@code kind}. */
    static MeasuredMemory of(HostMemoryKind kind) {
        return new Host(kind);
    }

    /** Every word a row's {@code memory} may be: each host kind's label, then {@code device}. */
    static List<String> labels() {
        return Stream.concat(Arrays.stream(HostMemoryKind.values()).map(HostMemoryKind::label),
                Stream.of(Device.DEVICE.label())).toList();
    }

    /** The memory {@code text} names, as {@link #label()} writes it. */
    static MeasuredMemory fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return wanted.equals(Device.DEVICE.label()) ? DEVICE : of(HostMemoryKind.fromLabel(wanted));
    }

    /** A host buffer of one kind. */
    record Host(HostMemoryKind kind) implements MeasuredMemory {
        public Host {
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String label() {
            return kind.label();
        }

        @Override
        public Optional<HostMemoryKind> host() {
            return Optional.of(kind);
        }

        @Override
        public String toString() {
            return label();
        }
    }

    /** The device's own memory. */
    enum Device implements MeasuredMemory {
        DEVICE;

        @Override
        public String label() {
            return "device";
        }

        @Override
        public Optional<HostMemoryKind> host() {
            return Optional.empty();
        }

        @Override
        public String toString() {
            return label();
        }
    }
}
