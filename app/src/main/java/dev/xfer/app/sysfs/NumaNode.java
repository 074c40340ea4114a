package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One NUMA node: the CPUs and memory Linux groups together as equally close.
 *
 * <p>Nodes can have memory but no CPUs (for example CXL memory, or GPU memory that the kernel
 * onlines as a node on coherent platforms); their CPU list is known and empty.
 *
 * @param id            the node number, as in {@code nodeN}
 * @param cpus          the node's CPUs; empty when unknown
 * @param memTotalBytes memory the node holds, in bytes; empty when unknown
 * @param memFreeBytes  memory free on the node when it was read, in bytes; empty when unknown
 */
public record NumaNode(int id, Optional<CpuSet> cpus, OptionalLong memTotalBytes, OptionalLong memFreeBytes) {

    public NumaNode {
        if (id < 0) {
            throw new IllegalArgumentException("NUMA node ids are not negative, got " + id);
        }
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(memTotalBytes, "memTotalBytes");
        Objects.requireNonNull(memFreeBytes, "memFreeBytes");
    }

    /** A node about which nothing but its id is known. */
    public static NumaNode unknown(int id) {
        return new NumaNode(id, Optional.empty(), OptionalLong.empty(), OptionalLong.empty());
    }
}
