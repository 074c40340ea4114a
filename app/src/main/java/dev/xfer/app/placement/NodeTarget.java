package dev.xfer.app.placement;

import dev.xfer.host.CpuSet;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where one pass of a measurement runs: host memory on {@code node} and the measuring thread on
 * {@code cpus}; or, without a node, wherever the process already is.
 *
 * @param node the node host memory comes from; empty when nothing is placed
 * @param cpus the CPUs the measuring thread runs on; empty to leave its CPUs as they are (a
 *             node without CPUs, a topology that does not list them, or nothing placed)
 */
public record NodeTarget(OptionalInt node, CpuSet cpus) {

    public NodeTarget {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(cpus, "cpus");
        if (node.isEmpty() && !cpus.isEmpty()) {
            throw new IllegalArgumentException("CPUs are bound only together with a node");
        }
    }

    private static final NodeTarget UNPLACED = new NodeTarget(OptionalInt.empty(), CpuSet.empty());

    /** Nothing placed: memory and CPUs as the process has them. */
    public static NodeTarget unplaced() {
        return UNPLACED;
    }

    public static NodeTarget on(int node, CpuSet cpus) {
        return new NodeTarget(OptionalInt.of(node), cpus);
    }

    public boolean placed() {
        return node.isPresent();
    }

    /** {@code node 1 (CPUs 24-47)}, {@code node 2 (CPUs as before)}, {@code not placed}. */
    public String describe() {
        if (node.isEmpty()) {
            return "not placed";
        }
        return "node " + node.getAsInt() + " (CPUs " + (cpus.isEmpty() ? "as before" : cpus.format()) + ")";
    }
}
