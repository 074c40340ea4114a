package dev.xfer.app.placement;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.host.CpuSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * What {@code --numa-node} means on this machine: the passes to run, one per {@link NodeTarget},
 * and what to tell the user about them.
 *
 * @param option   the option as given
 * @param gpuNode  the GPU's NUMA node, when sysfs or CUDA reports one
 * @param targets  the passes, in order; one unplaced pass when nothing is placed
 * @param notes    facts for the text output, e.g. {@value #SINGLE_NODE}
 * @param warnings things that make the results mean less than the user may think, one line each
 */
public record HostPlacement(NumaOption option, OptionalInt gpuNode, List<NodeTarget> targets, List<String> notes,
                            List<String> warnings) {
    /** Said once when a placement was asked for on a machine where it cannot matter. */
    public static final String SINGLE_NODE = "1 NUMA node: placement has no effect";

    public HostPlacement {
        Objects.requireNonNull(option, "option");
        Objects.requireNonNull(gpuNode, "gpuNode");
        targets = List.copyOf(targets);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a placement has at least one pass");
        }
    }

    /** No option: one pass, nothing placed, nothing to say. */
    public static HostPlacement none() {
        return new HostPlacement(NumaOption.NONE, OptionalInt.empty(), List.of(NodeTarget.unplaced()), List.of(),
                List.of());
    }

    /**
     * Checks the option against the topology before anything else happens (before CUDA is
     * loaded), so that a node this machine lacks is a usage error on any machine.
     *
     * @throws IllegalArgumentException naming the node and the nodes there are
     */
    public static void validate(NumaOption option, NumaTopology topology) {
        if (option.kind() != NumaOption.Kind.NODE) {
            return;
        }
        int id = option.node();
        NumaNode node = topology.node(id).orElseThrow(() -> new IllegalArgumentException("--numa-node " + id
                + ": this machine has no NUMA node " + id + " (its nodes: " + ids(topology.nodes()) + ")"));
        if (hasNoMemory(node)) {
            throw new IllegalArgumentException("--numa-node " + id + ": NUMA node " + id
                    + " has no memory, so host buffers cannot be placed there");
        }
    }

    /**
     * The passes for {@code option} on {@code topology}, the GPU being on {@code gpuNode}.
     *
     * @throws IllegalArgumentException when {@link #validate} would
     */
    public static HostPlacement resolve(NumaOption option, NumaTopology topology, OptionalInt gpuNode) {
        validate(option, topology);
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<NodeTarget> targets = new ArrayList<>();
        switch (option.kind()) {
            case NONE -> targets.add(NodeTarget.unplaced());
            case NODE -> targets.add(target(topology.node(option.node()).orElseThrow(), notes));
            case AUTO -> {
                if (gpuNode.isEmpty()) {
                    warnings.add("warning: --numa-node auto: the GPU's NUMA node is unknown (sysfs and CUDA report none),"
                            + " so host memory and the measuring thread are left where they are");
                    targets.add(NodeTarget.unplaced());
                } else if (topology.node(gpuNode.getAsInt()).isEmpty()) {
                    warnings.add("warning: --numa-node auto: the GPU reports NUMA node " + gpuNode.getAsInt()
                            + ", which this machine does not list (its nodes: " + ids(topology.nodes())
                            + "), so nothing is placed");
                    targets.add(NodeTarget.unplaced());
                } else {
                    targets.add(target(topology.node(gpuNode.getAsInt()).orElseThrow(), notes));
                }
            }
            case ALL -> {
                for (NumaNode node : topology.nodes()) {
                    if (hasNoMemory(node)) {
                        notes.add("NUMA node " + node.id() + " has no memory: not measured");
                    } else {
                        targets.add(target(node, notes));
                    }
                }
                if (targets.isEmpty()) {
                    throw new IllegalArgumentException("--numa-node all: no NUMA node of this machine has memory");
                }
            }
        }
        if (option.given() && topology.isSingleNode()) {
            notes.addFirst(SINGLE_NODE);
        }
        return new HostPlacement(option, gpuNode, targets, notes, warnings);
    }

    private static NodeTarget target(NumaNode node, List<String> notes) {
        CpuSet cpus = node.cpus().orElse(CpuSet.empty());
        if (cpus.isEmpty() && node.cpus().isPresent()) {
            notes.add("NUMA node " + node.id() + " has no CPUs: the measuring thread keeps its CPUs for it");
        }
        return NodeTarget.on(node.id(), cpus);
    }

    private static boolean hasNoMemory(NumaNode node) {
        return node.memTotalBytes().isPresent() && node.memTotalBytes().getAsLong() == 0;
    }

    private static String ids(List<NumaNode> nodes) {
        return nodes.stream().map(n -> Integer.toString(n.id())).collect(Collectors.joining(", "));
    }

    /**
     * The nodes result names will end in, known from the topology alone (before CUDA is loaded,
     * so that {@code --expect} can be checked first): every node with memory for {@code all},
     * none otherwise.
     *
     * @throws IllegalArgumentException when {@link #resolve} would
     */
    public static List<Integer> nameNodes(NumaOption option, NumaTopology topology) {
        if (option.kind() != NumaOption.Kind.ALL) {
            return List.of();
        }
        return resolve(option, topology, OptionalInt.empty()).placedNodes();
    }

    /** Whether results need the node in their names: several passes of the same configurations. */
    public boolean namesCarryNode() {
        return option.kind() == NumaOption.Kind.ALL;
    }

    /** The nodes of the placed passes, in order. */
    public List<Integer> placedNodes() {
        return targets.stream().filter(NodeTarget::placed).map(t -> t.node().getAsInt()).toList();
    }

    /** This placement with {@code target} (the same node) in place of the pass for its node, e.g. with the CPUs actually bound. */
    public HostPlacement withTarget(NodeTarget target) {
        List<NodeTarget> replaced = targets.stream().map(t -> t.node().equals(target.node()) ? target : t).toList();
        return new HostPlacement(option, gpuNode, replaced, notes, warnings);
    }

    /**
     * The pass on {@code node} as the outputs name it: its target described (node and CPUs), or
     * {@code node N} when no pass was placed there, or {@code not placed}.
     */
    public String describePass(OptionalInt node) {
        return targets.stream().filter(t -> t.node().equals(node)).findFirst()
                .map(NodeTarget::describe)
                .orElse(node.isPresent() ? "node " + node.getAsInt() : "not placed");
    }
}
