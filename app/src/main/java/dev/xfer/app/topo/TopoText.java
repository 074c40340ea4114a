package dev.xfer.app.topo;

import dev.xfer.app.format.Approximate;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.host.CpuSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The topology report as text for a person:
 *
 * <pre>
 * GPUs from sysfs: CUDA is not usable here (why: on stderr)
 * GPU  NUMA0   NUMA1  bus id        link                             GB/s  CPU affinity
 * ---  ------  -----  ------------  -------------------------------  ----  ------------
 * -    remote  local  0000:81:00.0  Gen4 x8 (max Gen4 x16) DEGRADED  15.8  24-47,72-95
 * legend: local = the GPU's own NUMA node, remote = another node, ? = GPU's node unknown; ...
 *
 * node   CPUs         memory total                memory free
 * -----  -----------  --------------------------  --------------------------
 * NUMA0  0-23,48-71   125.5 GiB (134780866560 B)  114.5 GiB (122915659776 B)
 * NUMA1  24-47,72-95  126.0 GiB (135264698368 B)  122.8 GiB (131902996480 B)
 * 2 NUMA nodes: host memory on a GPU's remote node crosses the socket interconnect
 * </pre>
 *
 * <p>The first line says where the GPUs came from: CUDA's versions, or sysfs when CUDA was not
 * usable (the GPUs then have no CUDA index or name). Why CUDA was not usable is an error, so the
 * command prints it on stderr, not here; with CUDA the GPU column reads {@code GPU0}, {@code GPU1} and a name
 * column ends each row. Without GPUs the matrix and legend give way to one line saying so.
 */
public final class TopoText {
    /** The cell and value written where sysfs gives nothing. */
    static final String UNKNOWN = "unknown";
    /** The flag beside a link that trained with fewer lanes than the GPU supports. */
    static final String DEGRADED = "DEGRADED";
    /** The GPU column for a GPU found in sysfs, which has no CUDA index. */
    static final String NO_INDEX = "-";
    static final String NO_GPU_IN_SYSFS = "no NVIDIA GPU found in sysfs";
    static final String NO_GPU_IN_CUDA = "CUDA sees no GPU";
    static final String GPUS_FROM_SYSFS = "GPUs from sysfs: CUDA is not usable here (why: on stderr)";
    static final String SINGLE_NODE = "1 NUMA node: placement has no effect";
    static final String ASSUMED_NODE = " (assumed: sysfs lists no NUMA nodes)";
    static final String MULTI_NODE = " NUMA nodes: host memory on a GPU's remote node crosses the socket interconnect";
    static final String LEGEND = "legend: local = the GPU's own NUMA node, remote = another node, ? = GPU's node"
            + " unknown; DEGRADED = fewer lanes than the GPU supports; GB/s = theoretical, per direction";
    static final String LEGEND_SYSFS = "; - = from sysfs, no CUDA index";

    private TopoText() {
    }

    public static String render(TopoInventory report) {
        StringBuilder out = new StringBuilder();
        out.append(cudaLine(report.cuda())).append('\n');
        if (report.gpus().isEmpty()) {
            out.append(report.cuda().usable() ? NO_GPU_IN_CUDA : NO_GPU_IN_SYSFS).append('\n');
        } else {
            out.append(matrix(report).render());
            out.append(LEGEND).append(report.cuda().usable() ? "" : LEGEND_SYSFS).append('\n');
        }
        out.append('\n');
        out.append(nodes(report).render());
        out.append(placementLine(report)).append('\n');
        return out.toString();
    }

    /** Where the GPUs came from: CUDA's versions and library, or sysfs. */
    static String cudaLine(CudaStatus cuda) {
        return switch (cuda) {
            case CudaStatus.Usable u -> "CUDA driver " + u.driver() + ", runtime " + u.runtime()
                    + " (" + u.libcudart() + ")";
            case CudaStatus.Unusable u -> GPUS_FROM_SYSFS;
        };
    }

    /** The closing line: whether placing host memory on one node or another can matter here. */
    static String placementLine(TopoInventory report) {
        if (report.singleNode()) {
            return SINGLE_NODE + (report.numa().assumed() ? ASSUMED_NODE : "");
        }
        return report.numa().nodes().size() + MULTI_NODE;
    }

    static TextTable matrix(TopoInventory report) {
        boolean named = report.gpus().stream().anyMatch(gpu -> gpu.name().isPresent());
        List<TextTable.Column> columns = new ArrayList<>();
        columns.add(TextTable.Column.left("GPU"));
        for (NumaNode node : report.numa().nodes()) {
            columns.add(TextTable.Column.left(nodeLabel(node)));
        }
        columns.add(TextTable.Column.left("bus id"));
        columns.add(TextTable.Column.left("link"));
        columns.add(TextTable.Column.right("GB/s"));
        columns.add(TextTable.Column.left("CPU affinity"));
        if (named) {
            columns.add(TextTable.Column.left("name"));
        }
        TextTable table = new TextTable(columns);
        for (TopoGpu gpu : report.gpus()) {
            List<String> row = new ArrayList<>();
            row.add(gpu.index().isPresent() ? "GPU" + gpu.index().getAsInt() : NO_INDEX);
            for (NumaNode node : report.numa().nodes()) {
                row.add(report.locality(gpu, node).cell());
            }
            row.add(gpu.busId());
            row.add(linkCell(gpu));
            row.add(gpu.theoreticalGBps().isPresent()
                    ? String.format(Locale.ROOT, "%.1f", gpu.theoreticalGBps().getAsDouble()) : UNKNOWN);
            row.add(gpu.cpuAffinity().orElse(UNKNOWN));
            if (named) {
                row.add(gpu.name().orElse(UNKNOWN));
            }
            table.addRow(row);
        }
        return table;
    }

    /** {@code Gen5 x16 (max Gen5 x16)}, flagged {@code DEGRADED} when lanes are missing. */
    static String linkCell(TopoGpu gpu) {
        if (gpu.currentLink().isEmpty() && gpu.maxLink().isEmpty()) {
            return UNKNOWN;
        }
        String cell = link(gpu.currentLink()) + " (max " + link(gpu.maxLink()) + ")";
        return gpu.linkHealth().isWidthReduced() ? cell + " " + DEGRADED : cell;
    }

    private static String link(Optional<PcieLink> link) {
        return link.map(l -> "Gen" + l.generation().number() + " x" + l.width()).orElse(UNKNOWN);
    }

    static TextTable nodes(TopoInventory report) {
        TextTable table = TextTable.of(TextTable.Column.left("node"), TextTable.Column.left("CPUs"),
                TextTable.Column.left("memory total"), TextTable.Column.left("memory free"));
        for (NumaNode node : report.numa().nodes()) {
            table.addRow(nodeLabel(node), cpus(node.cpus()), memory(node.memTotalBytes()),
                    memory(node.memFreeBytes()));
        }
        return table;
    }

    static String nodeLabel(NumaNode node) {
        return "NUMA" + node.id();
    }

    // A node with memory but no CPUs (CXL memory, a coherent GPU's memory) has a known, empty list.
    private static String cpus(Optional<CpuSet> cpus) {
        return cpus.map(list -> list.isEmpty() ? "none" : list.format()).orElse(UNKNOWN);
    }

    private static String memory(OptionalLong bytes) {
        return bytes.isPresent() ? Approximate.bytes(bytes.getAsLong()) + " (" + bytes.getAsLong() + " B)" : UNKNOWN;
    }
}
