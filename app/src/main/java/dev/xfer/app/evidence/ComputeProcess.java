package dev.xfer.app.evidence;

import java.util.Optional;

/**
 * A process holding a compute context on the GPU (NVML's GetComputeRunningProcesses, its name
 * from SystemGetProcessName when readable: another container's process often is not).
 */
public record ComputeProcess(long pid, Optional<String> name) {
    /** {@code pid 4711 (python)}, or {@code pid 4711} when the name was not readable. */
    public String described() {
        return "pid " + pid + name.map(n -> " (" + n + ")").orElse("");
    }
}
