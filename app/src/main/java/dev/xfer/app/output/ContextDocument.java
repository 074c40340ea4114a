package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.format.OrUnavailable;

import java.util.Optional;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * A {@link RunContext} as every measuring document carries it under {@code context}: xfer's
 * version, when and where it ran, the CUDA versions, the device, and (once the run's GPU evidence
 * is judged) what else was happening on it.
 *
 * @param device   the device, as {@code xfer devices --json} lists it too
 * @param evidence what the GPU's probe read through the run ({@link GpuEvidence#toJson()}), once judged
 */
public record ContextDocument(String xfer, String started, String host, @JsonInclude(ALWAYS) Optional<String> label,
                              String runtimeVersion, String driverVersion, DeviceDocument device,
                              Optional<OrUnavailable<GpuEvidence.Document>> evidence) {

    /** The CUDA index of the device. */
    public int index() {
        return device.index();
    }

    public ContextDocument withEvidence(OrUnavailable<GpuEvidence.Document> evidence) {
        return new ContextDocument(xfer, started, host, label, runtimeVersion, driverVersion, device,
                Optional.of(evidence));
    }
}
