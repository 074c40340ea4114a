package dev.xfer.app.topo;

import dev.xfer.app.format.Json;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.host.CpuSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** The topology report as JSON values (maps and lists) for {@link Json#write}; unknown values are {@code null}. */
public final class TopoJson {
    private TopoJson() {
    }

    /**
     * {@code {"usable": true, "driverVersion", "runtimeVersion", "libcudart"}} or
     * {@code {"usable": false, "reason"}}.
     */
    public static Map<String, Object> cuda(CudaStatus cuda) {
        return switch (cuda) {
            case CudaStatus.Usable u -> Json.object("usable", true, "driverVersion", u.driver().toString(),
                    "runtimeVersion", u.runtime().toString(), "libcudart", u.libcudart().toString());
            case CudaStatus.Unusable u -> Json.object("usable", false, "reason", u.reason());
        };
    }

    public static List<Object> gpus(TopoInventory report) {
        List<Object> gpus = new ArrayList<>();
        for (TopoGpu gpu : report.gpus()) {
            gpus.add(gpu(gpu));
        }
        return gpus;
    }

    public static Map<String, Object> gpu(TopoGpu gpu) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", gpu.index().isPresent() ? gpu.index().getAsInt() : null);
        m.put("name", gpu.name().orElse(null));
        m.put("busId", gpu.busId());
        m.put("numaNode", gpu.numaNode().isPresent() ? gpu.numaNode().getAsInt() : null);
        m.put("cpuAffinity", gpu.cpuAffinity().orElse(null));
        m.put("linkCurrent", link(gpu.currentLink()));
        m.put("linkMax", link(gpu.maxLink()));
        m.put("linkTheoreticalGBps", gpu.theoreticalGBps().isPresent() ? gpu.theoreticalGBps().getAsDouble() : null);
        m.put("widthReduced", gpu.linkHealth().isWidthReduced());
        return m;
    }

    public static List<Object> numaNodes(TopoInventory report) {
        List<Object> nodes = new ArrayList<>();
        for (NumaNode node : report.numa().nodes()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", node.id());
            m.put("cpus", node.cpus().map(CpuSet::format).orElse(null));
            m.put("memTotalBytes", bytes(node.memTotalBytes()));
            m.put("memFreeBytes", bytes(node.memFreeBytes()));
            nodes.add(m);
        }
        return nodes;
    }

    private static Object link(Optional<PcieLink> link) {
        return link.<Object>map(l -> Json.object("generation", l.generation().number(), "width", l.width()))
                .orElse(null);
    }

    private static Object bytes(OptionalLong bytes) {
        return bytes.isPresent() ? bytes.getAsLong() : null;
    }
}
