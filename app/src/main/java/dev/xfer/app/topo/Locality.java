package dev.xfer.app.topo;

import java.util.OptionalInt;

/**
 * Where host memory on one NUMA node sits relative to one GPU: a cell of the topology matrix.
 */
public enum Locality {
    /** The node the GPU is attached to: host memory there reaches the GPU without crossing sockets. */
    LOCAL("local"),
    /** Another node: copies between its memory and the GPU cross the socket interconnect as well. */
    REMOTE("remote"),
    /** The GPU reports no NUMA node (sysfs says -1, usual in VMs and on some single-socket boards). */
    UNKNOWN("?");

    private final String cell;

    Locality(String cell) {
        this.cell = cell;
    }

    /** The matrix cell: {@code local}, {@code remote} or {@code ?}. */
    public String cell() {
        return cell;
    }

    /**
     * The placement of node {@code nodeId}'s memory for a GPU attached to {@code gpuNode}.
     *
     * @param gpuNode     the GPU's NUMA node; empty when unknown
     * @param nodeId      the node holding the memory
     * @param nodesKnown  false when the node list is a stand-in (sysfs listed no nodes): then a node
     *                    other than the GPU's own is unknown rather than remote
     */
    public static Locality of(OptionalInt gpuNode, int nodeId, boolean nodesKnown) {
        if (gpuNode.isEmpty()) {
            return UNKNOWN;
        }
        if (gpuNode.getAsInt() == nodeId) {
            return LOCAL;
        }
        return nodesKnown ? REMOTE : UNKNOWN;
    }
}
