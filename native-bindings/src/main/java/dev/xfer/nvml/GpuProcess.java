package dev.xfer.nvml;

import java.util.OptionalLong;

/**
 * A process holding a compute context on a GPU.
 *
 * @param pid             its process id (in NVML's namespace: the host's, inside some containers)
 * @param usedMemoryBytes the device memory it holds, when the driver says
 * @param name            its name, or empty when it cannot be read (another user's process, or gone)
 */
public record GpuProcess(int pid, OptionalLong usedMemoryBytes, String name) {
    @Override
    public String toString() {
        return "pid " + pid + (name.isEmpty() ? "" : " (" + name + ")");
    }
}
