package dev.xfer.app.topo;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;

import java.util.List;
import java.util.Objects;

/**
 * What {@code xfer topo} reports: where the GPUs came from, the GPUs, and the host's NUMA nodes.
 *
 * @param cuda whether CUDA was usable (GPUs from the runtime) or not (GPUs from sysfs, and why)
 * @param gpus the GPUs, in CUDA's order or, from sysfs, in PCI address order
 * @param numa the host's NUMA nodes
 */
public record TopoInventory(CudaStatus cuda, List<TopoGpu> gpus, NumaTopology numa) {

    public TopoInventory {
        Objects.requireNonNull(cuda, "cuda");
        Objects.requireNonNull(numa, "numa");
        gpus = List.copyOf(gpus);
    }

    /**
     * Whether the host has one NUMA node, or sysfs listed none and one is assumed: either way
     * there is nowhere else to put host memory, so placement has no effect.
     */
    public boolean singleNode() {
        return numa.isSingleNode();
    }

    /** The matrix cell for {@code gpu} and {@code node}. */
    public Locality locality(TopoGpu gpu, NumaNode node) {
        return Locality.of(gpu.numaNode(), node.id(), !numa.assumed());
    }
}
