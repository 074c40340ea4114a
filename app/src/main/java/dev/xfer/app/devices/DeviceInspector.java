package dev.xfer.app.devices;

import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.DeviceAttribute;

import java.util.ArrayList;
import java.util.List;

/** Reads what the CUDA runtime and sysfs say about each GPU. */
public final class DeviceInspector {
    private final CudaRuntime cuda;
    private final PciDeviceReader sysfs;

    public DeviceInspector(CudaRuntime cuda, PciDeviceReader sysfs) {
        this.cuda = cuda;
        this.sysfs = sysfs;
    }

    /** Every device the runtime sees. */
    public DeviceInventory inspectAll() {
        int count = cuda.deviceCount();
        List<DeviceInfo> devices = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            devices.add(inspect(cuda.device(i)));
        }
        return new DeviceInventory(cuda.driverVersion(), cuda.runtimeVersion(), cuda.libraryPath(), devices);
    }

    public DeviceInfo inspect(CudaDevice device) {
        CudaDevice.MemoryInfo memory = device.memoryInfo();
        String busId = device.pciBusId();
        return new DeviceInfo(
                device.index(),
                device.name(),
                device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MAJOR),
                device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MINOR),
                memory.totalBytes(),
                memory.freeBytes(),
                device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT),
                device.attribute(DeviceAttribute.ASYNC_ENGINE_COUNT),
                device.attribute(DeviceAttribute.CONCURRENT_COPY_AND_EXECUTE) != 0,
                busId,
                sysfs.read(busId),
                hostNumaId(device),
                java.util.Optional.of(device.uuid()));
    }

    /** Older drivers reject this attribute; that only means "not reported". */
    private static int hostNumaId(CudaDevice device) {
        try {
            return device.attribute(DeviceAttribute.HOST_NUMA_ID);
        } catch (CudaException e) {
            return -1;
        }
    }
}
