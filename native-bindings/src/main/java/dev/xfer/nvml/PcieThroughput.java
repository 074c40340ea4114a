package dev.xfer.nvml;

/**
 * PCIe traffic over NVML's own short sampling window (about 20 ms per direction), as NVML
 * reports it, in KB/s. A coarse sign of traffic; {@link PcieByteCounters} count exactly.
 *
 * @param txKilobytesPerSecond from the GPU to the host
 * @param rxKilobytesPerSecond from the host to the GPU
 */
public record PcieThroughput(long txKilobytesPerSecond, long rxKilobytesPerSecond) {
}
