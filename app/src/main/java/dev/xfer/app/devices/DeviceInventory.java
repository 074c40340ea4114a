package dev.xfer.app.devices;

import dev.xfer.cuda.CudaVersion;

import java.nio.file.Path;
import java.util.List;

/** The devices command's result: the software stack and every GPU. */
public record DeviceInventory(CudaVersion driver, CudaVersion runtime, Path libcudart, List<DeviceInfo> devices) {
    public DeviceInventory {
        devices = List.copyOf(devices);
    }
}
