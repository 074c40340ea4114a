package dev.xfer.app.topo;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.format.DocumentHead;
import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.host.CpuSet;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * {@code xfer topo --json} as a record (docs/schema/xfer-1.schema.json, {@code topo}): written by
 * {@link dev.xfer.app.format.Json#write}, read back by {@link dev.xfer.app.format.RecordBinder}.
 * What is unknown is written as {@code null}.
 *
 * @param xfer the version of xfer that wrote it
 */
public record TopoDocument(int schemaVersion, String xfer, String command, Cuda cuda, List<Gpu> gpus,
                           List<Node> numaNodes, boolean numaNodesAssumed, boolean singleNode) {
    public static final String COMMAND = "topo";

    public TopoDocument {
        Objects.requireNonNull(xfer, "xfer");
        Objects.requireNonNull(cuda, "cuda");
        DocumentHead.requireCommand(COMMAND, command);
        gpus = List.copyOf(gpus);
        numaNodes = List.copyOf(numaNodes);
    }

    /**
     * {@code {"usable": true, "driverVersion", "runtimeVersion", "libcudart"}} or
     * {@code {"usable": false, "reason"}} (doctor's document carries it too).
     */
    public record Cuda(boolean usable, Optional<String> driverVersion, Optional<String> runtimeVersion,
                       Optional<String> libcudart, Optional<String> reason) {
        public Cuda {
            boolean all = driverVersion.isPresent() && runtimeVersion.isPresent() && libcudart.isPresent();
            boolean any = driverVersion.isPresent() || runtimeVersion.isPresent() || libcudart.isPresent();
            if (usable ? !all || reason.isPresent() : reason.isEmpty() || any) {
                throw new IllegalArgumentException(usable
                        ? "a usable CUDA has driverVersion, runtimeVersion and libcudart, and no reason"
                        : "an unusable CUDA has a reason, and no versions");
            }
        }

        public static Cuda of(CudaStatus cuda) {
            return switch (cuda) {
                case CudaStatus.Usable u -> new Cuda(true, Optional.of(u.driver().toString()),
                        Optional.of(u.runtime().toString()), Optional.of(u.libcudart().toString()), Optional.empty());
                case CudaStatus.Unusable u -> new Cuda(false, Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.of(u.reason()));
            };
        }
    }

    /**
     * One GPU.
     *
     * @param index empty (null) when the GPU comes from sysfs because CUDA was not usable; {@code name} likewise
     */
    public record Gpu(@JsonInclude(ALWAYS) OptionalInt index, @JsonInclude(ALWAYS) Optional<String> name, String busId,
                      @JsonInclude(ALWAYS) OptionalInt numaNode, @JsonInclude(ALWAYS) Optional<String> cpuAffinity,
                      @JsonInclude(ALWAYS) Optional<DeviceDocument.Link> linkCurrent,
                      @JsonInclude(ALWAYS) Optional<DeviceDocument.Link> linkMax,
                      @JsonInclude(ALWAYS) OptionalDouble linkTheoreticalGBps, boolean widthReduced) {
        public static Gpu of(TopoGpu gpu) {
            return new Gpu(gpu.index(), gpu.name(), gpu.busId(), gpu.numaNode(), gpu.cpuAffinity(),
                    DeviceDocument.Link.of(gpu.currentLink()), DeviceDocument.Link.of(gpu.maxLink()),
                    gpu.theoreticalGBps(), gpu.linkHealth().isWidthReduced());
        }
    }

    /** One NUMA node: its CPUs in cpulist form and its memory, each null when unknown. */
    public record Node(int id, @JsonInclude(ALWAYS) Optional<String> cpus, @JsonInclude(ALWAYS) OptionalLong memTotalBytes,
                       @JsonInclude(ALWAYS) OptionalLong memFreeBytes) {
        public static Node of(NumaNode node) {
            return new Node(node.id(), node.cpus().map(CpuSet::format), node.memTotalBytes(), node.memFreeBytes());
        }
    }

    /** The document of {@code report}, under {@code schemaVersion}. */
    public static TopoDocument of(int schemaVersion, String xferVersion, TopoInventory report) {
        return new TopoDocument(schemaVersion, xferVersion, COMMAND, Cuda.of(report.cuda()),
                report.gpus().stream().map(Gpu::of).toList(),
                report.numa().nodes().stream().map(Node::of).toList(), report.numa().assumed(), report.singleNode());
    }
}
