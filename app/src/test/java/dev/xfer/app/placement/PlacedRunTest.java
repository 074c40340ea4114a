package dev.xfer.app.placement;

import dev.xfer.host.CpuSet;
import dev.xfer.host.MemoryPolicy;
import dev.xfer.host.ThreadPlacement;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Work placed on node 0, the one node of the CI machine, and put back afterwards. */
class PlacedRunTest {

    @Test
    void workRunsBoundToTheNodeAndItsMemoryLandsThere() {
        assumeTrue(ThreadPlacement.isSupported(), "Linux x86-64");
        CpuSet before = ThreadPlacement.current();
        MemoryPolicy policyBefore = ThreadPlacement.memoryPolicy();
        int cpu = before.cpus().first();
        PlacedRun.Result<HostMemoryNodes> result = PlacedRun.run(NodeTarget.on(0, CpuSet.of(cpu)), () -> {
            assertEquals(CpuSet.of(cpu), ThreadPlacement.current());
            assertEquals(MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0)), ThreadPlacement.memoryPolicy());
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(1L << 20, 4096);
                PlacedRun.settle(buffer, NodeTarget.on(0, CpuSet.of(cpu)));
                return HostMemoryNodes.sample(buffer).orElseThrow();
            }
        });
        assertTrue(result.value().allOn(0), result.value().toString());
        assertEquals(NodeTarget.on(0, CpuSet.of(cpu)), result.target());
        assertEquals(before, ThreadPlacement.current());
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy());
    }

    @Test
    void anUnplacedTargetTouchesNothing() {
        PlacedRun.Result<String> result = PlacedRun.run(NodeTarget.unplaced(), () -> "ran");
        assertEquals("ran", result.value());
        assertEquals(NodeTarget.unplaced(), result.target());
    }
}
