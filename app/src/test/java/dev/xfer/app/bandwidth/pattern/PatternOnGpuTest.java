package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs two GPUs with peer access: every pattern in every form, by the copy engines and by the
 * copy kernel, at 1 byte, an odd size and 64 MiB + 3, delivers every copy's bytes (interfering
 * copies included) and gives positive figures over the planned iterations; a corrupted byte is
 * caught; the command writes a document with one row per round.
 */
@Tag("gpu")
class PatternOnGpuTest {
    private static List<CudaDevice> devices;

    @BeforeAll
    static void twoGpusWithPeerAccess() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        int count = cuda.deviceCount();
        assumeTrue(count >= 2, "needs two GPUs; this machine has " + count);
        devices = IntStream.range(0, count).mapToObj(cuda::device).toList().subList(0, 2);
        assumeTrue(devices.get(0).canAccessPeer(devices.get(1)) && devices.get(1).canAccessPeer(devices.get(0)),
                "GPUs 0 and 1 have no peer access: the GPU patterns have no rounds");
    }

    private static List<PatternPlan> everyForm(CopyPath path, List<Long> sizes) {
        List<PatternPlan> plans = new ArrayList<>();
        for (TrafficPattern pattern : TrafficPattern.values()) {
            for (boolean bidirectional : pattern.involvesHost() ? List.of(false, true) : List.of(false)) {
                for (Initiation side : pattern.involvesHost() ? List.of(Initiation.WRITE)
                        : List.of(Initiation.values())) {
                    for (long size : sizes) {
                        plans.add(new PatternPlan(pattern, bidirectional, side, path, size));
                    }
                }
            }
        }
        return plans;
    }

    @ParameterizedTest
    @EnumSource(value = CopyPath.class, names = {"DRIVER", "KERNEL"})
    void everyFormDeliversEveryCopy(CopyPath path) {
        List<Long> sizes = List.of(1L, 4097L, (64L << 20) + 3);
        List<PatternPlan> plans = everyForm(path, sizes);
        var outcome = new PatternBenchmark(devices, (s, d) -> { }).run(plans, 2, 3);
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertTrue(outcome.notes().isEmpty(), outcome.notes().toString());
        assertEquals(plans.size() * 2, outcome.results().size(), "a round per plan and GPU");
        for (PatternResult r : outcome.results()) {
            assertTrue(r.verified(), r.configuration());
            assertEquals(path, r.path());
            assertEquals(3, r.gigabytesPerSecond().measured().orElseThrow().n(), r.configuration());
            assertTrue(r.gigabytesPerSecond().measured().orElseThrow().median() > 0 && r.aggregateGbps().measured().orElseThrow().median() > 0, r.configuration());
            int expectedCopies = r.form().endsWith("-bidirectional") ? 4 : r.direction().equals("p2p") ? 1 : 2;
            assertEquals(expectedCopies, r.copies(), r.configuration());
            assertEquals(List.of(1 - r.gpu()), r.others());
        }
    }

    @Test
    void aCorruptedByteIsCaught() {
        List<PatternPlan> plans = List.of(
                new PatternPlan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE, CopyPath.DRIVER, 4096),
                new PatternPlan(TrafficPattern.ONE_TO_ALL, false, Initiation.READ, CopyPath.KERNEL, 4096));
        // Only copies GPU 1 issues are corrupted: in all-to-host its own copy (both rounds: measured
        // or interfering), in one-to-all read the round where GPU 1 is the one that reads.
        var outcome = new PatternBenchmark(devices, (s, initiator) -> {
            if (initiator == 1) {
                s.set(ValueLayout.JAVA_BYTE, 9, (byte) (s.get(ValueLayout.JAVA_BYTE, 9) ^ 4));
            }
        }).run(plans, 1, 2);
        List<PatternResult> results = outcome.results();
        assertEquals(4, results.size());
        assertFalse(results.get(0).verified(), "GPU 1 interferes in GPU 0's all-to-host round");
        assertFalse(results.get(1).verified());
        assertTrue(results.get(2).verified(), "GPU 0 reads in its one-to-all read round");
        assertFalse(results.get(3).verified());
        assertEquals(3, outcome.failures().size(), outcome.failures().toString());
        assertTrue(outcome.failures().stream().allMatch(f -> f.offset() == 9), outcome.failures().toString());
    }

    @Test
    void theCommandWritesOneRowPerRound() {
        XferRun run = XferRun.of("bandwidth", "--device", "0,1", "--pattern", "all", "--initiation", "write,read",
                "--size", "16MiB", "--iterations", "3", "--warmup", "1", "--json",
                "--expect", "pattern.all-to-host.16MiB.gpu0 >= 1GB/s");
        assertEquals(0, run.exitCode(), run.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(run.out());
        List<?> rows = (List<?>) doc.get("patterns");
        // all-to-host, host-to-all, all-to-one write and read, one-to-all write and read: a round per GPU each.
        assertEquals(6 * 2, rows.size(), run.out());
        assertTrue(rows.stream().allMatch(r -> Boolean.TRUE.equals(((Map<?, ?>) r).get("verified"))), run.out());
    }
}
