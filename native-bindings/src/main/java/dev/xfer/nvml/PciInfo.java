package dev.xfer.nvml;

/**
 * Where a GPU sits on the PCI bus, as NVML reports it.
 *
 * @param busId       domain:bus:device.function, e.g. {@code 00000000:00:06.0} (NVML writes an
 *                    eight-digit domain where CUDA writes four)
 * @param pciDeviceId the combined 16-bit device id and 16-bit vendor id
 * @param subsystemId the 32-bit subsystem device id
 */
public record PciInfo(String busId, int domain, int bus, int device, int pciDeviceId, int subsystemId) {
}
