package dev.xfer.app.doctor;

import java.util.Objects;

/**
 * One value a finding rests on, and where it was read or measured.
 *
 * @param what  what the value is: {@code current link width}, {@code Device Control MaxPayload}
 * @param value as read or measured, with its unit: {@code 8}, {@code 128 B}, {@code 13.9 GB/s}
 * @param where a sysfs path, a config-space register and offset, an NVML or CUDA call, or the
 *              measurement that gave it
 */
public record Evidence(String what, String value, String where) {
    public Evidence {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(where, "where");
    }
}
