package dev.xfer.app.batch;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: every strategy (the pageable batched ones too) delivers every buffer right,
 * also sizes that do not divide into the staging slots.
 */
@Tag("gpu")
class BatchOnGpuTest {

    @ParameterizedTest(name = "{0} buffers of {1} bytes, {2} threads, {3} slots of {4} bytes")
    @CsvSource({"37, 1048589, 3, 3, 262144", "100, 4000, 4, 2, 1000", "5, 7, 2, 1, 3", "9, 4000000, 4, 4, 4194304"})
    void everyStrategyDeliversEveryByte(int count, long bytes, int threads, int slots, long slotBytes) {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        BatchPlan plan = new BatchPlan(count, bytes, List.of(BatchStrategy.values()), threads, 2, 1, slots, slotBytes);
        var outcome = new BatchBenchmark(cuda.device(0), cuda.batchedCopiesMissing())
                .run(plan, NodeTarget.unplaced());
        List<BatchResult> results = outcome.results();
        // every strategy has a row or, on a runtime without cudaMemcpyBatchAsync, a waiver (batched: a row)
        assertEquals(BatchStrategy.values().length, results.size() + outcome.waived().size());
        assertEquals(cuda.supportsBatchedCopies(), outcome.waived().isEmpty(), outcome.waived().toString());
        for (BatchResult r : results) {
            assertTrue(r.ran(), r.strategy() + " did not run: " + r.unavailable());
            assertTrue(r.verified(), r.strategy() + ": buffer " + r.wrongBuffer() + " arrived wrong");
        }
    }

    @Test
    void aPlacedRunPutsEveryHostBufferOnItsNode() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        NumaNode node = new NumaTopologyReader().read().nodes().getFirst();
        NodeTarget target = NodeTarget.on(node.id(), node.cpus().orElse(CpuSet.empty()));
        BatchPlan plan = new BatchPlan(24, 1048589, List.of(BatchStrategy.values()), 3, 2, 1, 2, 262144, 4);
        var outcome = new BatchBenchmark(cuda.device(0), cuda.batchedCopiesMissing()).run(plan, target);
        assertEquals(target.node(), outcome.target().node());
        assertEquals(List.of(BatchHostMemory.PAGEABLE_SOURCES, BatchHostMemory.PINNED_SOURCES,
                BatchHostMemory.PINNED_POOL, BatchHostMemory.STAGING_SLOTS),
                List.copyOf(outcome.hostMemory().buffers().keySet()));
        outcome.hostMemory().buffers().forEach((group, pages) -> {
            HostMemoryNodes sampled = pages.orElseThrow(() -> new AssertionError(group + " not sampled"));
            assertTrue(sampled.allOn(node.id()), group + ": " + sampled.describe());
        });
        for (BatchResult r : outcome.results()) {
            assertEquals(target.node(), r.numaNode(), r.strategy().toString());
            assertTrue(r.verified(), r.strategy() + ": buffer " + r.wrongBuffer() + " arrived wrong");
            if (r.ran()) {
                assertTrue(r.hostMemoryNodes().orElseThrow().allOn(node.id()), r.strategy().toString());
            }
        }
    }
}
