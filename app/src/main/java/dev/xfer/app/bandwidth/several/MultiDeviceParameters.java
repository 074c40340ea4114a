package dev.xfer.app.bandwidth.several;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.bandwidth.BandwidthParameters;
import dev.xfer.app.output.AcrossDevices;
import dev.xfer.app.output.Parameters;

/**
 * The {@code parameters} of a bandwidth run over several devices: one device's
 * ({@link BandwidthParameters}, the first's) and {@code devices} (the CUDA indices, in order), then
 * {@code concurrent} (whether they also copied at once).
 */
public record MultiDeviceParameters(@JsonUnwrapped AcrossDevices across, boolean concurrent) implements Parameters {

    public static MultiDeviceParameters of(MultiDeviceResults report) {
        return new MultiDeviceParameters(new AcrossDevices(BandwidthParameters.of(report.devices().getFirst()),
                report.indices()), report.concurrent().isPresent());
    }
}
