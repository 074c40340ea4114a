package dev.xfer.app.latency;

import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: the chase ends on the node the host's walk of the same cycle ends on (so
 * the chain on the device is the host's permutation), and the figures are in the ranges physics
 * allows: host memory across PCIe or C2C takes hundreds of ns at least, a 4 KiB buffer in the
 * GPU's own L1 far less than its DRAM.
 */
@Tag("gpu")
class LatencyOnGpuTest {
    private static CudaRuntime cuda;
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        cuda = CudaRuntime.load(Optional.empty());
        device = cuda.device(0);
    }

    private static LatencyRun run(List<Long> sizes, List<LatencyTarget.Kind> kinds, long accesses, ChaseOrder order,
                                  long seed) {
        LatencyPlan plan = new LatencyPlan(sizes, kinds, accesses, 3, order, seed);
        return new LatencyBenchmark(cuda, device, Progress.NONE).measure(plan, List.of(), "no peers here");
    }

    @Test
    void hostMemoryAt2MiBTakesAboutAMicrosecondPerAccess() {
        LatencyRun run = run(List.of(LatencyPlan.DEFAULT_BYTES), List.of(LatencyTarget.Kind.HOST), 20_000,
                ChaseOrder.RANDOM, 1);
        LatencyResult r = run.results().getFirst();
        assertTrue(r.verified(), r.failure().orElse(""));
        // nvbandwidth: 1202.8 ns on an H200 over PCIe Gen5; any link is between 300 ns and 20 us.
        assertTrue(r.nanoseconds().measured().orElseThrow().median() > 300 && r.nanoseconds().measured().orElseThrow().median() < 20_000, r.toString());
        assertTrue(r.nanoseconds().measured().orElseThrow().max() < 1.5 * r.nanoseconds().measured().orElseThrow().min(), "spread too wide: " + r);
    }

    /** Every seed and odd length checks out: the device followed exactly the permutation the host built. */
    @Test
    void theDeviceFollowsTheHostsPermutationForAnyLengthAndSeed() {
        for (long seed : new long[] {1, 2, 0xdeadbeefL}) {
            for (long accesses : new long[] {1, 7, 16383, 16384, 16385, 100_001}) {
                LatencyRun run = run(List.of(LatencyPlan.DEFAULT_BYTES), List.of(LatencyTarget.Kind.DEVICE), accesses,
                        ChaseOrder.RANDOM, seed);
                assertTrue(run.results().getFirst().verified(), "seed " + seed + ", " + accesses + " accesses: "
                        + run.results().getFirst().failure().orElse(""));
            }
        }
        LatencyRun host = run(List.of(128L, 4096L + 128), List.of(LatencyTarget.Kind.HOST), 999, ChaseOrder.SEQUENTIAL, 1);
        host.results().forEach(r -> assertTrue(r.verified(), r.toString()));
    }

    @Test
    void theGpusOwnCachesAreFasterThanItsMemory() {
        LatencyRun run = run(List.of(4096L, 1L << 30), List.of(LatencyTarget.Kind.DEVICE), 50_000, ChaseOrder.RANDOM, 1);
        LatencyResult small = run.results().get(0);
        LatencyResult large = run.results().get(1);
        assertTrue(small.verified() && large.verified(), run.toString());
        // L1 hits are tens of ns; DRAM misses past a 50 MiB L2 (with TLB misses over 1 GiB) hundreds.
        assertTrue(small.nanoseconds().measured().orElseThrow().median() < 100, small.toString());
        assertTrue(large.nanoseconds().measured().orElseThrow().median() > 2 * small.nanoseconds().measured().orElseThrow().median(), run.toString());
    }

    @Test
    void noPeersMeansPeerWaiversAndNoPeerRows() {
        LatencyRun run = run(List.of(4096L), List.of(LatencyTarget.Kind.PEER), 100, ChaseOrder.RANDOM, 1);
        assertEquals(List.of(), run.results());
        assertEquals(List.of(new dev.xfer.app.result.Waiver("peer 4096 B", "no peers here")), run.waived());
    }
}
