package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumaTopologyReaderTest {

    private static NumaTopology read(String fixtureCase) {
        return new NumaTopologyReader(SysfsFixtures.root(fixtureCase)).read();
    }

    private static List<Integer> ids(NumaTopology topology) {
        return topology.nodes().stream().map(NumaNode::id).toList();
    }

    @Test
    void singleNode() {
        NumaTopology topology = read(SysfsFixtures.SINGLE_NODE_GEN5);

        assertFalse(topology.assumed());
        assertTrue(topology.isSingleNode());
        NumaNode node = topology.nodes().getFirst();
        assertEquals(0, node.id());
        assertEquals(CpuSet.parse("0-31"), node.cpus());
        assertEquals(OptionalLong.of(263921748L * 1024), node.memTotalBytes());
        assertEquals(OptionalLong.of(250118432L * 1024), node.memFreeBytes());
    }

    @Test
    void twoNodesWithInterleavedHyperthreads() {
        NumaTopology topology = read(SysfsFixtures.TWO_NODE_DEGRADED);

        assertEquals(List.of(0, 1), ids(topology));
        assertFalse(topology.isSingleNode());
        assertEquals(0, topology.nodeOfCpu(50).orElseThrow().id());
        assertEquals(1, topology.nodeOfCpu(24).orElseThrow().id());
        assertEquals(1, topology.nodeOfCpu(95).orElseThrow().id());
        assertEquals(Optional.empty(), topology.nodeOfCpu(96));
        assertEquals(OptionalLong.of(132094432L * 1024), topology.node(1).orElseThrow().memTotalBytes());
    }

    @Test
    void fourNodesIgnoringTheFolderOtherFiles() {
        NumaTopology topology = read(SysfsFixtures.FOUR_NODE_TWO_GPUS);

        assertEquals(List.of(0, 1, 2, 3), ids(topology));
        assertEquals(3, topology.nodeOfCpu(112).orElseThrow().id());
        assertEquals(2, topology.nodeOfCpu(40).orElseThrow().id());
        for (NumaNode node : topology.nodes()) {
            assertEquals(32, node.cpus().orElseThrow().size());
            assertTrue(node.memFreeBytes().orElseThrow() < node.memTotalBytes().orElseThrow());
        }
    }

    @Test
    void noNodeFolderMeansAssumedSingleNode() {
        NumaTopology topology = read(SysfsFixtures.UNKNOWN_LINK);

        assertTrue(topology.assumed());
        assertTrue(topology.isSingleNode());
        assertEquals(NumaTopology.assumedSingleNode(), topology);
        assertEquals(Optional.empty(), topology.nodes().getFirst().cpus());
    }

    @Test
    void malformedFilesBecomeUnknown() {
        NumaTopology topology = read(SysfsFixtures.MALFORMED);

        assertFalse(topology.assumed());
        assertEquals(List.of(0, 1), ids(topology));
        assertEquals(NumaNode.unknown(0), topology.nodes().get(0));
        NumaNode second = topology.nodes().get(1);
        assertEquals(Optional.empty(), second.cpus());
        assertEquals(OptionalLong.of(1024L * 1024), second.memTotalBytes());
        assertEquals(OptionalLong.empty(), second.memFreeBytes());
    }

    @Test
    void sortsNodesNumerically(@TempDir Path sysfs) throws IOException {
        for (String name : List.of("node10", "node2", "node1", "node01", "nodeX", "node")) {
            Files.createDirectories(sysfs.resolve("devices/system/node").resolve(name));
        }
        Files.writeString(sysfs.resolve("devices/system/node/node3"), "a file, not a node folder\n");

        assertEquals(List.of(1, 2, 10), ids(new NumaTopologyReader(sysfs).read()));
    }

    @Test
    void nodeFolderWithoutNodesMeansAssumedSingleNode(@TempDir Path sysfs) throws IOException {
        Files.createDirectories(sysfs.resolve("devices/system/node/power"));
        assertTrue(new NumaTopologyReader(sysfs).read().assumed());
    }

    @Test
    void emptyNodeFolderMeansNoCpusNotUnknownCpus(@TempDir Path sysfs) throws IOException {
        Path node = Files.createDirectories(sysfs.resolve("devices/system/node/node1"));
        Files.createDirectories(sysfs.resolve("devices/system/node/node0"));
        Files.writeString(node.resolve("cpulist"), "\n");

        NumaTopology topology = new NumaTopologyReader(sysfs).read();
        assertEquals(Optional.of(CpuSet.empty()), topology.node(1).orElseThrow().cpus());
        assertEquals(Optional.empty(), topology.node(0).orElseThrow().cpus());
    }
}
