package dev.xfer.app.placement;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.host.CpuSet;
import dev.xfer.host.ThreadPlacement;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The --numa-node steps overlap and batch share with bandwidth, on fixture topologies. */
class NumaNodeStepsTest {
    private static final NumaTopology FOUR =
            new NumaTopologyReader(SysfsFixtures.root(SysfsFixtures.FOUR_NODE_TWO_GPUS)).read();
    private static final NumaTopology ONE =
            new NumaTopologyReader(SysfsFixtures.root(SysfsFixtures.SINGLE_NODE_GEN5)).read();

    @Test
    void checkReadsTheOptionAndRefusesWhatBandwidthRefuses() {
        assumeTrue(ThreadPlacement.isSupported(), "Linux x86-64");
        assertEquals(NumaOption.NONE, NumaNodeOption.check(null, FOUR));
        assertEquals(NumaOption.node(3), NumaNodeOption.check("3", FOUR));
        assertEquals(NumaOption.ALL, NumaNodeOption.check(" ALL ", ONE));
        assertEquals("--numa-node 4: this machine has no NUMA node 4 (its nodes: 0, 1, 2, 3)",
                assertThrows(IllegalArgumentException.class, () -> NumaNodeOption.check("4", FOUR)).getMessage());
        assertEquals("--numa-node takes a node number, auto or all, not 'near'",
                assertThrows(IllegalArgumentException.class, () -> NumaNodeOption.check("near", FOUR)).getMessage());
    }

    @Test
    void allWhereNoNodeHasMemoryIsRefusedBeforeCuda() {
        assumeTrue(ThreadPlacement.isSupported(), "Linux x86-64");
        NumaTopology empty = new NumaTopology(List.of(
                new NumaNode(0, CpuSet.parse("0-7"), OptionalLong.of(0), OptionalLong.of(0))), false);
        assertEquals("--numa-node all: no NUMA node of this machine has memory",
                assertThrows(IllegalArgumentException.class, () -> NumaNodeOption.check("all", empty)).getMessage());
    }

    @Test
    void namesCarryTheNodesOfAllOnly() {
        assertEquals(List.of(0, 1, 2, 3), HostPlacement.nameNodes(NumaOption.ALL, FOUR));
        assertEquals(List.of(0), HostPlacement.nameNodes(NumaOption.ALL, ONE));
        assertEquals(List.of(), HostPlacement.nameNodes(NumaOption.node(1), FOUR));
        assertEquals(List.of(), HostPlacement.nameNodes(NumaOption.AUTO, FOUR));
        assertEquals(List.of(), HostPlacement.nameNodes(NumaOption.NONE, FOUR));
        assertEquals(HostPlacement.resolve(NumaOption.ALL, FOUR, OptionalInt.of(1)).placedNodes(),
                HostPlacement.nameNodes(NumaOption.ALL, FOUR), "the same nodes once the GPU's is known");
        assertEquals("pinned.h2d.node2", NumaNodeOption.withNode("pinned.h2d", OptionalInt.of(2)));
        assertEquals("pinned.h2d", NumaNodeOption.withNode("pinned.h2d", OptionalInt.empty()));
    }

    @Test
    void warningsGoToStderrAndNotesIntoTheTextOrToStderr() {
        HostPlacement auto = HostPlacement.resolve(NumaOption.AUTO, FOUR, OptionalInt.empty());
        List<String> warned = new ArrayList<>();
        assertEquals(List.of(), NumaNodeOption.announce(auto, FOUR, true, warned::add));
        assertEquals(auto.warnings(), warned);

        HostPlacement single = HostPlacement.resolve(NumaOption.node(0), ONE, OptionalInt.of(0));
        warned.clear();
        assertEquals(List.of(HostPlacement.SINGLE_NODE), NumaNodeOption.announce(single, ONE, true, warned::add));
        assertEquals(List.of(), warned, "text: the note goes in the report");
        assertEquals(List.of(), NumaNodeOption.announce(single, ONE, false, warned::add));
        assertEquals(List.of(HostPlacement.SINGLE_NODE), warned, "JSON or CSV: stdout is the document");
    }

    @Test
    void progressCountsOverEveryPassAndNamesTheNode() {
        List<String> seen = new ArrayList<>();
        Progress sink = (done, total, configuration) -> seen.add(done + "/" + total + " " + configuration);
        NodeTarget node1 = NodeTarget.on(1, CpuSet.parse("24-47").orElseThrow());
        NumaNodeOption.passProgress(sink, 1, 2, 4, node1).measuring(3, 4, "schedule v2");
        assertEquals(List.of("7/8 schedule v2 on node 1 (CPUs 24-47)"), seen);
        assertEquals(sink, NumaNodeOption.passProgress(sink, 0, 1, 4, node1), "one pass: as it was");
    }
}
