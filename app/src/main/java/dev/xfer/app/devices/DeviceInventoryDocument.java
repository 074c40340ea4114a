package dev.xfer.app.devices;

import dev.xfer.app.format.DocumentHead;
import java.util.List;
import java.util.Objects;

/**
 * {@code xfer devices --json} as a record (docs/schema/xfer-1.schema.json, {@code devices}):
 * written by {@link dev.xfer.app.format.Json#write}, read back by
 * {@link dev.xfer.app.format.RecordBinder}.
 *
 * @param xfer the version of xfer that wrote it
 */
public record DeviceInventoryDocument(int schemaVersion, String xfer, String command, Software software,
                                      List<DeviceDocument> devices) {
    public static final String COMMAND = "devices";

    public DeviceInventoryDocument {
        Objects.requireNonNull(xfer, "xfer");
        DocumentHead.requireCommand(COMMAND, command);
        devices = List.copyOf(devices);
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
