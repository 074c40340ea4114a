package dev.xfer.nvml;

/**
 * One integer field NVML read through {@code nvmlDeviceGetFieldValues}.
 *
 * @param fieldId         the {@code NVML_FI_*} id asked for
 * @param value           the value; unsigned types are carried in a long's bits
 * @param bits            the width of the value's type (32 or 64; 16 for an unsigned short)
 * @param timestampMicros when NVML read it, microseconds since 1970
 */
public record FieldValue(int fieldId, long value, int bits, long timestampMicros) {
}
