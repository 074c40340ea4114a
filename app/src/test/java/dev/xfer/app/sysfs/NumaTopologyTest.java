package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class NumaTopologyTest {
    private static NumaNode node(int id, String cpulist) {
        return new NumaNode(id, CpuSet.parse(cpulist), OptionalLong.empty(), OptionalLong.empty());
    }

    @Test
    void sortsNodesById() {
        NumaTopology topology = new NumaTopology(List.of(node(2, "8-11"), node(0, "0-3"), node(1, "4-7")), false);
        assertEquals(List.of(0, 1, 2), topology.nodes().stream().map(NumaNode::id).toList());
        assertFalse(topology.isSingleNode());
    }

    @Test
    void findsTheNodeOfACpu() {
        NumaTopology topology = new NumaTopology(List.of(node(0, "0-3"), node(1, "4-7"), node(2, "")), false);
        assertEquals(1, topology.nodeOfCpu(5).orElseThrow().id());
        assertEquals(0, topology.nodeOfCpu(0).orElseThrow().id());
        assertEquals(Optional.empty(), topology.nodeOfCpu(8));
        assertEquals(Optional.empty(), topology.nodeOfCpu(-1));
    }

    @Test
    void findsANodeById() {
        NumaTopology topology = new NumaTopology(List.of(node(0, "0-3"), node(1, "4-7")), false);
        assertEquals(Optional.of(node(1, "4-7")), topology.node(1));
        assertEquals(Optional.empty(), topology.node(2));
    }

    @Test
    void assumedSingleNodeOwnsEveryCpu() {
        NumaTopology topology = NumaTopology.assumedSingleNode();
        assertTrue(topology.assumed());
        assertTrue(topology.isSingleNode());
        assertEquals(List.of(NumaNode.unknown(0)), topology.nodes());
        assertEquals(0, topology.nodeOfCpu(123).orElseThrow().id());
    }

    @Test
    void nodeWithUnknownCpusOwnsNothingWhenThereAreOthers() {
        NumaNode unknown = NumaNode.unknown(1);
        NumaTopology topology = new NumaTopology(List.of(node(0, "0-3"), unknown), false);
        assertEquals(Optional.empty(), topology.nodeOfCpu(4));
    }

    @Test
    void nodesCannotBeChangedFromOutside() {
        NumaTopology topology = NumaTopology.assumedSingleNode();
        assertThrows(UnsupportedOperationException.class, () -> topology.nodes().add(NumaNode.unknown(1)));
    }

    @Test
    void rejectsImpossibleTopologies() {
        assertThrows(IllegalArgumentException.class, () -> new NumaTopology(List.of(), false));
        assertThrows(IllegalArgumentException.class,
            () -> new NumaTopology(List.of(node(0, "0"), node(0, "1")), false));
        assertThrows(IllegalArgumentException.class, () -> NumaNode.unknown(-1));
    }
}
