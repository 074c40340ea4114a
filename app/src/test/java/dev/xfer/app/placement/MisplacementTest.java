package dev.xfer.app.placement;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.host.CpuSet;
import dev.xfer.host.MemoryPolicy;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When an unplaced measuring thread sits on another node than the GPU's. */
class MisplacementTest {
    private static final NumaTopology TWO = new NumaTopology(List.of(
            new NumaNode(0, CpuSet.parse("0-23,48-71"), OptionalLong.empty(), OptionalLong.empty()),
            new NumaNode(1, CpuSet.parse("24-47,72-95"), OptionalLong.empty(), OptionalLong.empty())), false);
    private static final MemoryPolicy DEFAULT = MemoryPolicy.of(MemoryPolicy.MPOL_DEFAULT, List.of());

    private static CpuSet cpus(String text) {
        return CpuSet.parse(text).orElseThrow();
    }

    @Test
    void everyCpuAndTheDefaultPolicyIsNotAWarning() {
        assertEquals(Optional.empty(), Misplacement.warning(TWO, OptionalInt.of(1), cpus("0-95"), DEFAULT));
        assertEquals(Optional.empty(), Misplacement.warning(TWO, OptionalInt.of(1), cpus("30"), DEFAULT),
                "on the GPU's node");
    }

    @Test
    void cpusAllOnAnotherNodeWarn() {
        assertEquals(Optional.of("warning: the GPU is on NUMA node 1 but the measuring thread is not: its CPUs (0-23)"
                        + " are on node 0, not 1; these results are from the far side (--numa-node auto measures from"
                        + " the GPU's node)"),
                Misplacement.warning(TWO, OptionalInt.of(1), cpus("0-23"), DEFAULT));
    }

    @Test
    void aPolicyKeepingMemoryOffTheGpusNodeWarns() {
        MemoryPolicy bind0 = MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0));
        String warning = Misplacement.warning(TWO, OptionalInt.of(1), cpus("0-95"), bind0).orElseThrow();
        assertTrue(warning.contains("its memory policy (MPOL_BIND nodes 0) keeps host memory off node 1"), warning);
        String both = Misplacement.warning(TWO, OptionalInt.of(1), cpus("0-3"), bind0).orElseThrow();
        assertTrue(both.contains("its CPUs (0-3) are on node 0, not 1, and its memory policy"), both);
        assertEquals(Optional.empty(), Misplacement.warning(TWO, OptionalInt.of(0), cpus("0-3"), bind0));
        assertEquals(Optional.empty(), Misplacement.warning(TWO, OptionalInt.of(1), cpus("24"),
                MemoryPolicy.of(MemoryPolicy.MPOL_INTERLEAVE, List.of(0, 1))), "interleaving does not keep memory off");
    }

    @Test
    void noWarningWithoutAGpuNodeOrOnOneNode() {
        assertEquals(Optional.empty(), Misplacement.warning(TWO, OptionalInt.empty(), cpus("0"), DEFAULT));
        NumaTopology one = new NumaTopology(List.of(
                new NumaNode(0, CpuSet.parse("0-1"), OptionalLong.empty(), OptionalLong.empty())), false);
        assertEquals(Optional.empty(), Misplacement.warning(one, OptionalInt.of(0), cpus("1"),
                MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0))));
        assertEquals(Optional.empty(), Misplacement.ofCallingThread(one, OptionalInt.of(0)));
    }
}
