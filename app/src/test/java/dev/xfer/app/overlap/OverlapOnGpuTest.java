package dev.xfer.app.overlap;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Needs an NVIDIA GPU: every schedule computes async.cu's result, for even and uneven splits. */
@Tag("gpu")
class OverlapOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    @ParameterizedTest(name = "{0} floats over {1} streams, K={2}")
    @CsvSource({"4194304, 4, 1", "1000003, 3, 1", "777, 5, 1", "4194305, 7, 1", "1048576, 16, 10", "65537, 2, 100"})
    void everyScheduleIsExactWithinOneUlp(long elements, int streams, int k) {
        OverlapPlan plan = new OverlapPlan(elements, streams, 256, k, List.of(OverlapSchedule.values()), 3, 1,
                HostMemoryKind.PINNED);
        var outcome = new OverlapBenchmark(device).run(plan);
        assertEquals(3, outcome.results().size());
        for (OverlapResult r : outcome.results()) {
            assertTrue(r.maxError() <= 1.2e-7, r.schedule() + " max error " + r.maxError());
            assertTrue(r.measured().orElseThrow().median() > 0, r.schedule().toString());
        }
        assertTrue(outcome.model().orElseThrow().h2dMs() > 0 && outcome.model().orElseThrow().kernelMs() > 0 && outcome.model().orElseThrow().d2hMs() > 0);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = HostMemoryKind.class, names = {"PINNED", "REGISTERED", "WRITE_COMBINED", "PAGEABLE"})
    void aPlacedRunPutsTheHostArrayOnItsNode(HostMemoryKind memory) {
        NumaNode node = new NumaTopologyReader().read().nodes().getFirst();
        NodeTarget target = NodeTarget.on(node.id(), node.cpus().orElse(CpuSet.empty()));
        OverlapPlan plan = new OverlapPlan(1L << 20, 4, 256, 1, List.of(OverlapSchedule.values()), 2, 1, memory);
        var outcome = new OverlapBenchmark(device).run(plan, target);
        assertEquals(target.node(), outcome.target().node());
        for (OverlapResult r : outcome.results()) {
            assertEquals(target.node(), r.numaNode(), r.schedule().toString());
            HostMemoryNodes pages = r.hostMemoryNodes().orElseThrow(() -> new AssertionError(r.schedule().toString()));
            assertTrue(pages.allOn(node.id()), memory + " " + r.schedule() + ": " + pages.describe());
            assertTrue(r.withinTolerance(), r.schedule() + " max error " + r.maxError());
        }
    }
}
