package dev.xfer.app.sysfs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The host's NUMA nodes, in ascending id order.
 *
 * @param nodes   the nodes, at least one, ids distinct
 * @param assumed true when the kernel exposed no nodes (a kernel without NUMA support, or a
 *                container that hides {@code /sys/devices/system/node}) and this topology is the
 *                stand-in: a single node 0 about which nothing is known
 */
public record NumaTopology(List<NumaNode> nodes, boolean assumed) {

    public NumaTopology {
        List<NumaNode> sorted = new ArrayList<>(nodes);
        sorted.sort(Comparator.comparingInt(NumaNode::id));
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("a machine has at least one NUMA node");
        }
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).id() == sorted.get(i - 1).id()) {
                throw new IllegalArgumentException("NUMA node " + sorted.get(i).id() + " appears twice");
            }
        }
        nodes = List.copyOf(sorted);
    }

    /** The topology to use when the kernel reports none: one node 0, nothing known about it. */
    public static NumaTopology assumedSingleNode() {
        return new NumaTopology(List.of(NumaNode.unknown(0)), true);
    }

    /** Whether there is only one node, in which case host memory placement cannot matter. */
    public boolean isSingleNode() {
        return nodes.size() == 1;
    }

    /** The node with id {@code id}, if there is one. */
    public Optional<NumaNode> node(int id) {
        return nodes.stream().filter(node -> node.id() == id).findFirst();
    }

    /**
     * The node that CPU {@code cpu} belongs to. On a single-node machine that is the one node
     * even when its CPU list is unknown, since there is nowhere else the CPU could be.
     */
    public Optional<NumaNode> nodeOfCpu(int cpu) {
        if (cpu < 0) {
            return Optional.empty();
        }
        if (isSingleNode() && nodes.getFirst().cpus().isEmpty()) {
            return Optional.of(nodes.getFirst());
        }
        return nodes.stream()
            .filter(node -> node.cpus().map(cpus -> cpus.contains(cpu)).orElse(false))
            .findFirst();
    }
}
