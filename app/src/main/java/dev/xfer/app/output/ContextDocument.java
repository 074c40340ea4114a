package dev.xfer.app.output;

import dev.xfer.app.format.NullWhenEmpty;

import java.util.Optional;

/**
 * A {@link RunContext} as every measuring document carries it under {@code context}: xfer's
 * version, when and where it ran, the CUDA versions, the device, and (once the run's GPU evidence
 * is judged) what else was happening on it.
 *
 * @param device   the device as {@code devices/DevicesJson} writes it
 * @param evidence {@code evidence/GpuEvidence}'s value for this GPU, once judged
 */
public record ContextDocument(String xfer, String started, String host, @NullWhenEmpty Optional<String> label,
                              String runtimeVersion, String driverVersion, FieldMap device,
                              Optional<Object> evidence) {

    /** The CUDA index of the device. */
    public int index() {
        return ((Number) device.fields().get("index")).intValue();
    }

    public ContextDocument withEvidence(Object evidence) {
        return new ContextDocument(xfer, started, host, label, runtimeVersion, driverVersion, device,
                Optional.of(evidence));
    }
}
