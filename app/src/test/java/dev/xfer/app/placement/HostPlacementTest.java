package dev.xfer.app.placement;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What --numa-node means on fixture topologies: no system call, no GPU. */
class HostPlacementTest {

    private static Path fixture(String name) {
        try {
            return Path.of(HostPlacementTest.class.getResource("/sysfs/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Four nodes of 16+16 CPUs; GPUs 0000:41:00.0 on node 1 and 0000:c1:00.0 on node 3. */
    private static final NumaTopology FOUR = new NumaTopologyReader(fixture("four-node-two-gpus")).read();
    private static final NumaTopology ONE = new NumaTopologyReader(fixture("single-node-gen5")).read();

    private static OptionalInt gpuNode(String fixture, String busId) {
        return new PciDeviceReader(fixture(fixture)).read(busId).map(PciDeviceInfo::numaNode).orElseThrow();
    }

    private static CpuSet cpus(String text) {
        return CpuSet.parse(text).orElseThrow();
    }

    @Test
    void autoPicksTheGpusOwnNodeAndItsCpus() {
        OptionalInt first = gpuNode("four-node-two-gpus", "0000:41:00.0");
        OptionalInt second = gpuNode("four-node-two-gpus", "0000:c1:00.0");
        assertEquals(OptionalInt.of(1), first);
        assertEquals(OptionalInt.of(3), second);

        HostPlacement auto = HostPlacement.resolve(NumaOption.AUTO, FOUR, first);
        assertEquals(List.of(NodeTarget.on(1, cpus("16-31,80-95"))), auto.targets());
        assertEquals(List.of(), auto.notes());
        assertEquals(List.of(), auto.warnings());
        assertFalse(auto.namesCarryNode());
        assertEquals(List.of(NodeTarget.on(3, cpus("48-63,112-127"))),
                HostPlacement.resolve(NumaOption.AUTO, FOUR, second).targets());
    }

    @Test
    void autoWithoutAKnownGpuNodeWarnsAndPlacesNothing() {
        HostPlacement auto = HostPlacement.resolve(NumaOption.AUTO, FOUR, OptionalInt.empty());
        assertEquals(List.of(NodeTarget.unplaced()), auto.targets());
        assertEquals(List.of("warning: --numa-node auto: the GPU's NUMA node is unknown (sysfs and CUDA report none),"
                + " so host memory and the measuring thread are left where they are"), auto.warnings());

        HostPlacement elsewhere = HostPlacement.resolve(NumaOption.AUTO, FOUR, OptionalInt.of(9));
        assertEquals(List.of(NodeTarget.unplaced()), elsewhere.targets());
        assertTrue(elsewhere.warnings().getFirst().contains("NUMA node 9, which this machine does not list (its nodes:"
                + " 0, 1, 2, 3)"), elsewhere.warnings().toString());
    }

    @Test
    void allExpandsToEveryNodeInOrder() {
        HostPlacement all = HostPlacement.resolve(NumaOption.ALL, FOUR, OptionalInt.of(1));
        assertEquals(List.of(
                NodeTarget.on(0, cpus("0-15,64-79")),
                NodeTarget.on(1, cpus("16-31,80-95")),
                NodeTarget.on(2, cpus("32-47,96-111")),
                NodeTarget.on(3, cpus("48-63,112-127"))), all.targets());
        assertEquals(List.of(0, 1, 2, 3), all.placedNodes());
        assertTrue(all.namesCarryNode(), "four passes of the same configurations need the node in their names");
        assertEquals(List.of(), all.notes());
    }

    @Test
    void oneNodeByNumber() {
        HostPlacement two = HostPlacement.resolve(NumaOption.node(2), FOUR, OptionalInt.of(1));
        assertEquals(List.of(NodeTarget.on(2, cpus("32-47,96-111"))), two.targets());
        assertEquals(OptionalInt.of(1), two.gpuNode());
    }

    @Test
    void aNodeTheMachineLacksIsRefusedNamingTheNodesThereAre() {
        var e = assertThrows(IllegalArgumentException.class, () -> HostPlacement.validate(NumaOption.node(4), FOUR));
        assertEquals("--numa-node 4: this machine has no NUMA node 4 (its nodes: 0, 1, 2, 3)", e.getMessage());
        var one = assertThrows(IllegalArgumentException.class, () -> HostPlacement.validate(NumaOption.node(1), ONE));
        assertEquals("--numa-node 1: this machine has no NUMA node 1 (its nodes: 0)", one.getMessage());
        HostPlacement.validate(NumaOption.AUTO, ONE);
        HostPlacement.validate(NumaOption.ALL, ONE);
    }

    @Test
    void aSingleNodeMachineSaysPlacementHasNoEffect() {
        for (NumaOption option : List.of(NumaOption.node(0), NumaOption.AUTO, NumaOption.ALL)) {
            HostPlacement p = HostPlacement.resolve(option, ONE, OptionalInt.of(0));
            assertEquals(List.of(HostPlacement.SINGLE_NODE), p.notes(), option.toString());
            assertEquals("1 NUMA node: placement has no effect", p.notes().getFirst());
            assertEquals(List.of(NodeTarget.on(0, cpus("0-31"))), p.targets(), option.toString());
        }
        assertEquals(List.of(), HostPlacement.resolve(NumaOption.NONE, ONE, OptionalInt.of(0)).notes(),
                "said only when placement was asked for");
        NumaTopology assumed = NumaTopology.assumedSingleNode();
        assertEquals(List.of(NodeTarget.on(0, CpuSet.empty())),
                HostPlacement.resolve(NumaOption.node(0), assumed, OptionalInt.empty()).targets(),
                "CPUs unknown: memory placed, CPUs left alone");
    }

    @Test
    void withoutTheOptionNothingIsPlaced() {
        HostPlacement none = HostPlacement.resolve(NumaOption.NONE, FOUR, OptionalInt.of(1));
        assertEquals(List.of(NodeTarget.unplaced()), none.targets());
        assertEquals(List.of(), none.placedNodes());
        assertEquals(HostPlacement.none().targets(), none.targets());
    }

    @Test
    void nodesWithoutMemoryAreSkippedAndNodesWithoutCpusKeepTheThreadsCpus() {
        NumaTopology cxl = new NumaTopology(List.of(
                new NumaNode(0, CpuSet.parse("0-7"), OptionalLong.of(1L << 36), OptionalLong.of(1L << 35)),
                new NumaNode(1, Optional.of(CpuSet.empty()), OptionalLong.of(1L << 36), OptionalLong.of(1L << 36)),
                new NumaNode(2, CpuSet.parse("8-15"), OptionalLong.of(0), OptionalLong.of(0))), false);
        HostPlacement all = HostPlacement.resolve(NumaOption.ALL, cxl, OptionalInt.of(0));
        assertEquals(List.of(NodeTarget.on(0, cpus("0-7")), NodeTarget.on(1, CpuSet.empty())), all.targets());
        assertEquals(List.of("NUMA node 1 has no CPUs: the measuring thread keeps its CPUs for it",
                "NUMA node 2 has no memory: not measured"), all.notes());
        var e = assertThrows(IllegalArgumentException.class, () -> HostPlacement.validate(NumaOption.node(2), cxl));
        assertEquals("--numa-node 2: NUMA node 2 has no memory, so host buffers cannot be placed there", e.getMessage());
    }

    @Test
    void theActualCpusReplaceTheAskedOnes() {
        HostPlacement all = HostPlacement.resolve(NumaOption.ALL, FOUR, OptionalInt.of(1));
        HostPlacement after = all.withTarget(NodeTarget.on(1, cpus("16-19")));
        assertEquals(NodeTarget.on(1, cpus("16-19")), after.targets().get(1));
        assertEquals(all.targets().get(0), after.targets().get(0));
        assertEquals("node 1 (CPUs 16-19)", after.targets().get(1).describe());
        assertEquals("node 1 (CPUs as before)", NodeTarget.on(1, CpuSet.empty()).describe());
        assertEquals("not placed", NodeTarget.unplaced().describe());
    }
}
