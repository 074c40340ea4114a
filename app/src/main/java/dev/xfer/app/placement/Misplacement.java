package dev.xfer.app.placement;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.host.CpuSet;
import dev.xfer.host.MemoryPolicy;
import dev.xfer.host.PlacementException;
import dev.xfer.host.ThreadPlacement;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Whether a measuring thread that nobody placed sits on another NUMA node than the GPU's: its
 * CPUs all on other nodes (as {@code numactl --cpunodebind} or a cpuset leaves them), or its
 * memory policy keeping memory off the GPU's node. Spanning every node, the default, is not
 * called misplaced: memory then follows whichever CPU touches it.
 */
public final class Misplacement {
    private Misplacement() {
    }

    /**
     * The one-line warning, if any.
     *
     * @param cpus   the CPUs the thread may run on
     * @param policy the thread's memory policy
     */
    public static Optional<String> warning(NumaTopology topology, OptionalInt gpuNode, CpuSet cpus,
                                           MemoryPolicy policy) {
        if (gpuNode.isEmpty() || topology.isSingleNode()) {
            return Optional.empty();
        }
        int gpu = gpuNode.getAsInt();
        Optional<CpuSet> gpuCpus = topology.node(gpu).flatMap(NumaNode::cpus).filter(c -> !c.isEmpty());
        List<String> problems = new ArrayList<>();
        if (gpuCpus.isPresent() && !cpus.isEmpty() && cpus.cpus().stream().noneMatch(gpuCpus.get()::contains)) {
            problems.add("its CPUs (" + cpus.format() + ") are on node" + plural(nodesOf(topology, cpus)) + ", not "
                    + gpu);
        }
        if (policy.restrictsPlacement() && !policy.nodes().contains(gpu)) {
            problems.add("its memory policy (" + policy + ") keeps host memory off node " + gpu);
        }
        if (problems.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("warning: the GPU is on NUMA node " + gpu + " but the measuring thread is not: "
                + String.join(", and ", problems) + "; these results are from the far side (--numa-node auto measures"
                + " from the GPU's node)");
    }

    /** {@link #warning} for the calling thread; empty where the thread cannot be asked. */
    public static Optional<String> ofCallingThread(NumaTopology topology, OptionalInt gpuNode) {
        if (gpuNode.isEmpty() || topology.isSingleNode() || !ThreadPlacement.isSupported()) {
            return Optional.empty();
        }
        try {
            CpuSet cpus = CpuSet.of(ThreadPlacement.current().cpus());
            return warning(topology, gpuNode, cpus, ThreadPlacement.memoryPolicy());
        } catch (PlacementException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private static SortedSet<Integer> nodesOf(NumaTopology topology, CpuSet cpus) {
        SortedSet<Integer> nodes = new TreeSet<>();
        for (int cpu : cpus.cpus()) {
            topology.nodeOfCpu(cpu).ifPresent(n -> nodes.add(n.id()));
        }
        return nodes;
    }

    private static String plural(SortedSet<Integer> nodes) {
        if (nodes.isEmpty()) {
            return "s unknown";
        }
        return (nodes.size() == 1 ? " " : "s ") + CpuSet.of(nodes).format();
    }
}
