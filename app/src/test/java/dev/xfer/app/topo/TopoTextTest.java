package dev.xfer.app.topo;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.PcieGeneration;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.cuda.CudaVersion;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The topology matrix and the lines around it, from the sysfs fixture trees. */
class TopoTextTest {

    /** The cells of the line that contains {@code busId}: TextTable puts two or more spaces between cells. */
    private static List<String> row(String text, String busId) {
        return text.lines().filter(line -> line.contains("  " + busId + "  ")).findFirst()
                .map(line -> Arrays.asList(line.strip().split(" {2,}")))
                .orElseThrow(() -> new AssertionError("no row for " + busId + " in\n" + text));
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().toList();
        return lines.getLast();
    }

    @Test
    void twoNodesGpuOnNodeOneWithDegradedLinkWithoutCuda() {
        assertEquals("""
                GPUs from sysfs: CUDA is not usable here (why: on stderr)
                GPU  NUMA0   NUMA1  bus id        link                             GB/s  CPU affinity
                ---  ------  -----  ------------  -------------------------------  ----  ------------
                -    remote  local  0000:81:00.0  Gen4 x8 (max Gen4 x16) DEGRADED  15.8  24-47,72-95
                legend: local = the GPU's own NUMA node, remote = another node, ? = GPU's node unknown; \
                DEGRADED = fewer lanes than the GPU supports; GB/s = theoretical, per direction; \
                - = from sysfs, no CUDA index

                node   CPUs         memory total                memory free
                -----  -----------  --------------------------  --------------------------
                NUMA0  0-23,48-71   125.5 GiB (134780866560 B)  114.5 GiB (122915659776 B)
                NUMA1  24-47,72-95  126.0 GiB (135264698368 B)  122.8 GiB (131902996480 B)
                2 NUMA nodes: host memory on a GPU's remote node crosses the socket interconnect
                """, TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED)));
    }

    @Test
    void fourNodesTwoGpusEachLocalToItsOwnNode() {
        String text = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS));

        assertEquals(List.of("GPU", "NUMA0", "NUMA1", "NUMA2", "NUMA3", "bus id", "link", "GB/s", "CPU affinity"),
                Arrays.asList(text.lines().toList().get(1).split(" {2,}")));
        assertEquals(List.of("-", "remote", "local", "remote", "remote", "0000:41:00.0", "Gen4 x16 (max Gen4 x16)",
                "31.5", "16-31,80-95"), row(text, "0000:41:00.0"));
        assertEquals(List.of("-", "remote", "remote", "remote", "local", "0000:c1:00.0", "Gen1 x16 (max Gen4 x16)",
                "31.5", "48-63,112-127"), row(text, "0000:c1:00.0"));
        assertEquals("4 NUMA nodes: host memory on a GPU's remote node crosses the socket interconnect",
                lastLine(text));
        assertTrue(text.contains("\nNUMA3  48-63,112-127  63.0 GiB (67628957696 B)  57.2 GiB (61439737856 B)\n"),
                text);
    }

    /** An idle GPU's link runs at a lower generation: that is not what DEGRADED flags. */
    @Test
    void degradedOnlyWhenLanesAreMissing() {
        String fourNodes = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS));
        assertFalse(row(fourNodes, "0000:c1:00.0").get(6).contains("DEGRADED"), fourNodes);
        String twoNodes = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED));
        assertTrue(row(twoNodes, "0000:81:00.0").get(4).endsWith(") DEGRADED"), twoNodes);
    }

    @Test
    void oneNodeOneGpu() {
        String text = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.SINGLE_NODE_GEN5));

        assertEquals(List.of("-", "local", "0000:17:00.0", "Gen5 x16 (max Gen5 x16)", "63.0", "0-31"),
                row(text, "0000:17:00.0"));
        assertEquals("1 NUMA node: placement has no effect", lastLine(text));
        assertTrue(text.contains("\nNUMA0  0-31  251.7 GiB (270255869952 B)  238.5 GiB (256121274368 B)\n"), text);
    }

    @Test
    void gpuWithoutNumaNodeIsQuestionMarkedOnOneNode() {
        String text = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.VM_GUEST_GEN5));

        assertEquals(List.of("-", "?", "0000:00:06.0", "Gen5 x16 (max Gen5 x16)", "63.0", "0-15"),
                row(text, "0000:00:06.0"));
        assertEquals("1 NUMA node: placement has no effect", lastLine(text));
    }

    /** The malformed tree has two nodes and a GPU whose numa_node is "banana", and no readable link. */
    @Test
    void gpuWithoutNumaNodeIsQuestionMarkedOnEveryNode() {
        String text = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.MALFORMED));

        assertEquals(List.of("-", "?", "?", "0000:17:00.0", "unknown", "unknown", "unknown"),
                row(text, "0000:17:00.0"));
        assertTrue(text.contains("\nNUMA0  unknown  unknown"), text);
        assertTrue(lastLine(text).startsWith("2 NUMA nodes: "), text);
    }

    @Test
    void noNodeFolderIsAnAssumedSingleNode() {
        String text = TopoText.render(TopoFixtures.withoutCuda(SysfsFixtures.UNKNOWN_LINK));

        assertEquals("1 NUMA node: placement has no effect (assumed: sysfs lists no NUMA nodes)", lastLine(text));
        assertEquals(List.of("-", "?", "0000:00:05.0", "unknown", "unknown", "unknown"), row(text, "0000:00:05.0"));
    }

    @Test
    void withCudaTheGpuColumnIsTheIndexAndTheNameComesLast() {
        String text = TopoText.render(TopoFixtures.withCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS,
                "0000:C1:00.0", "0000:41:00.0"));

        assertEquals("CUDA driver 13.0, runtime 13.0 (/usr/local/cuda/lib64/libcudart.so.13)", text.lines().findFirst()
                .orElseThrow());
        assertEquals(List.of("GPU0", "remote", "remote", "remote", "local", "0000:c1:00.0", "Gen1 x16 (max Gen4 x16)",
                "31.5", "48-63,112-127", "NVIDIA H200"), row(text, "0000:c1:00.0"));
        assertEquals("GPU1", row(text, "0000:41:00.0").getFirst());
        assertTrue(text.contains("\nlegend: ") && !text.contains("from sysfs"), text);
    }

    @Test
    void noGpuInSysfs() {
        TopoInventory report = new TopoInventory(new CudaStatus.Unusable("CUDA is not usable here: no driver"), List.of(),
                NumaTopology.assumedSingleNode());

        assertEquals("""
                GPUs from sysfs: CUDA is not usable here (why: on stderr)
                no NVIDIA GPU found in sysfs

                node   CPUs     memory total  memory free
                -----  -------  ------------  -----------
                NUMA0  unknown  unknown       unknown
                1 NUMA node: placement has no effect (assumed: sysfs lists no NUMA nodes)
                """, TopoText.render(report));
    }

    @Test
    void noGpuInCuda() {
        TopoInventory report = new TopoInventory(new CudaStatus.Usable(new CudaVersion(13000),
                new CudaVersion(13000), TopoFixtures.LIBCUDART), List.of(),
                TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED).numa());

        String text = TopoText.render(report);
        assertEquals("CUDA sees no GPU", text.lines().toList().get(1));
        assertFalse(text.contains("legend"), text);
    }

    @Test
    void linkCells() {
        PcieLink gen5x16 = new PcieLink(PcieGeneration.GEN5, 16);
        PcieLink gen5x8 = new PcieLink(PcieGeneration.GEN5, 8);
        assertEquals("Gen5 x16 (max Gen5 x16)", TopoText.linkCell(gpu(Optional.of(gen5x16), Optional.of(gen5x16))));
        assertEquals("Gen5 x8 (max Gen5 x16) DEGRADED",
                TopoText.linkCell(gpu(Optional.of(gen5x8), Optional.of(gen5x16))));
        assertEquals("unknown (max Gen5 x16)", TopoText.linkCell(gpu(Optional.empty(), Optional.of(gen5x16))));
        assertEquals("Gen5 x8 (max unknown)", TopoText.linkCell(gpu(Optional.of(gen5x8), Optional.empty())));
        assertEquals("unknown", TopoText.linkCell(gpu(Optional.empty(), Optional.empty())));
    }

    private static TopoGpu gpu(Optional<PcieLink> current, Optional<PcieLink> max) {
        return new TopoGpu(OptionalInt.empty(), Optional.empty(), "0000:17:00.0", OptionalInt.of(0), Optional.empty(),
                current, max);
    }

    /** A node with memory but no CPUs (CXL, or a coherent GPU's memory onlined as a node). */
    @Test
    void memoryOnlyNode() {
        NumaTopology numa = new NumaTopology(List.of(
                new NumaNode(0, CpuSet.parse("0-7"), OptionalLong.of(1L << 30),
                        OptionalLong.of(1L << 29)),
                new NumaNode(1, Optional.of(CpuSet.empty()), OptionalLong.of(2L << 30),
                        OptionalLong.empty())), false);
        String text = TopoText.render(new TopoInventory(new CudaStatus.Unusable("CUDA is not usable here: x"),
                List.of(gpu(Optional.empty(), Optional.empty())), numa));

        assertTrue(text.contains("\nNUMA1  none  2.0 GiB (2147483648 B)  unknown\n"), text);
        assertEquals(List.of("-", "local", "remote", "0000:17:00.0", "unknown", "unknown", "unknown"),
                row(text, "0000:17:00.0"));
    }
}
