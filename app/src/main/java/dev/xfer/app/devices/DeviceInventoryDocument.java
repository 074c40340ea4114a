package dev.xfer.app.devices;

import dev.xfer.app.format.DocumentHead;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code xfer devices --json} as a record (docs/schema/xfer-1.schema.json, {@code devices}):
 * written by {@link dev.xfer.app.format.Json#write}, read back by
 * {@link dev.xfer.app.format.RecordBinder}.
 *
 * @param xfer the version of xfer that wrote it
 */
public record DeviceInventoryDocument(int schemaVersion, String xfer, String command, Software software,
                                      List<DeviceDocument> devices,
                                      Optional<dev.xfer.app.format.OrUnknown<dev.xfer.app.evidence.ConfidentialComputingState.Document>> confidentialComputing) {
    public static final String COMMAND = "devices";

    public DeviceInventoryDocument {
        Objects.requireNonNull(xfer, "xfer");
        DocumentHead.requireCommand(COMMAND, command);
        devices = List.copyOf(devices);
    }

    /** A document without the Confidential Computing state (not read, or written before xfer read it). */
    public DeviceInventoryDocument(int schemaVersion, String xfer, String command, Software software,
                                   List<DeviceDocument> devices) {
        this(schemaVersion, xfer, command, software, devices, Optional.empty());
    }

    /** This document with the system's Confidential Computing state as NVML read it. */
    public DeviceInventoryDocument withConfidentialComputing(
            dev.xfer.app.evidence.Reading<dev.xfer.app.evidence.ConfidentialComputingState> state) {
        return new DeviceInventoryDocument(schemaVersion, xfer, command, software, devices,
                Optional.of(state.document(dev.xfer.app.evidence.ConfidentialComputingState::document)));
    }

    /** The CUDA software xfer found. */
    public record Software(String driverVersion, String runtimeVersion, String libcudart) {
    }

    /** The document of {@code report}, under {@code schemaVersion}. */
    public static DeviceInventoryDocument of(int schemaVersion, String xferVersion, DeviceInventory report) {
        return new DeviceInventoryDocument(schemaVersion, xferVersion, COMMAND,
                new Software(report.driver().toString(), report.runtime().toString(), report.libcudart().toString()),
                report.devices().stream().map(DeviceDocument::of).toList());
    }
}
