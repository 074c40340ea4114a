package dev.xfer.app.doctor;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a diagnosis is about: the host, one GPU, or a pair of GPUs.
 *
 * @param kind  {@code host}, {@code gpu} or {@code pair}
 * @param label {@code host}, {@code GPU0 0000:17:00.0} (or the bus id alone without CUDA), {@code GPU0-GPU1}
 * @param gpu   CUDA's index of a GPU scope; empty otherwise, or without CUDA
 */
public record Scope(String kind, String label, OptionalInt gpu) {
    public static final String HOST = "host";
    public static final String GPU = "gpu";
    public static final String PAIR = "pair";

    public Scope {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(gpu, "gpu");
    }

    public static Scope host() {
        return new Scope(HOST, HOST, OptionalInt.empty());
    }

    /** A GPU CUDA counts. */
    public static Scope gpu(int index, String busId) {
        return new Scope(GPU, "GPU" + index + " " + busId, OptionalInt.of(index));
    }

    /** A GPU sysfs lists, without a CUDA index. */
    public static Scope gpu(String busId) {
        return new Scope(GPU, busId, OptionalInt.empty());
    }

    /** Copies from GPU {@code from} to GPU {@code to}. */
    public static Scope pair(int from, int to) {
        return new Scope(PAIR, "GPU" + from + "-GPU" + to, OptionalInt.empty());
    }
}
