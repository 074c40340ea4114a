package dev.xfer.app.devices;

import dev.xfer.cuda.CudaVersion;

import java.nio.file.Path;
import java.util.List;

/** The devices command's result: the software stack and every GPU. */
public record DevicesReport(CudaVersion driver, CudaVersion runtime, Path libcudart, List<DeviceInfo> devices) {
    public DevicesReport {
        devices = List.copyOf(devices);
    }
}
