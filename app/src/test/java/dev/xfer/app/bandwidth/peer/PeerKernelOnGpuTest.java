package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
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
 * Needs two GPUs: the copy kernel between peers ({@code --copy kernel --direction p2p}) moves the
 * right bytes one way and both ways, at 1 byte, odd sizes and 4 GiB, beside the driver's pairs, in
 * the write form and the read form ({@code --initiation read}: each copy issued by the GPU it goes
 * to); a corrupted byte is caught in either form.
 */
@Tag("gpu")
class PeerKernelOnGpuTest {
    private static List<CudaDevice> devices;

    @BeforeAll
    static void twoGpusAtLeast() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        int count = cuda.deviceCount();
        assumeTrue(count >= 2, "needs two GPUs; this machine has " + count);
        devices = IntStream.range(0, count).mapToObj(cuda::device).toList();
    }

    private static BandwidthPlan plan(List<Long> sizes, CopyTimer timer) {
        return new BandwidthPlan(sizes, List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 2, 1, timer,
                List.of(CopyPath.DRIVER, CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING);
    }

    /**
     * Both forms by both paths, 1 byte, odd sizes and 4 GiB: every row verified, each progress step
     * counted once and none left over.
     */
    @ParameterizedTest
    @EnumSource(CopyTimer.class)
    void everyPairVerifiesByBothPathsInBothForms(CopyTimer timer) {
        List<CudaDevice> two = devices.subList(0, 2);
        assumeTrue(two.get(0).canAccessPeer(two.get(1)) && two.get(1).canAccessPeer(two.get(0)),
                "GPUs 0 and 1 have no peer access: no kernel pairs to check");
        List<Long> sizes = List.of(1L, 4097L, (64L << 20) + 3, 4L << 30);
        BandwidthPlan plan = plan(sizes, timer).withPeerInitiations(List.of(Initiation.WRITE, Initiation.READ));
        List<String> steps = new ArrayList<>();
        var outcome = new PeerBenchmark(two, (s, d) -> { }).run(plan, (done, total, configuration) -> {
            assertEquals(steps.size(), done, configuration);
            assertEquals(PeerBenchmark.configurations(plan, 2), total);
            steps.add(configuration);
        });
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(PeerBenchmark.configurations(plan, 2), steps.size());
        assertEquals(sizes.size() * 2 * 2 * 2, outcome.results().size());
        for (Initiation initiation : Initiation.values()) {
            for (CopyPath path : List.of(CopyPath.DRIVER, CopyPath.KERNEL)) {
                assertEquals(sizes.size() * 2, outcome.results().stream()
                        .filter(r -> r.copy() == path && r.initiation() == initiation).count(), initiation + " " + path);
            }
        }
        for (PeerResult r : outcome.results()) {
            assertTrue(r.verified() && r.bidirVerified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().measured().orElseThrow().median() > 0 && r.bidirGbps().measured().orElseThrow().median() > 0, r.configuration());
            assertEquals(r.initiation() == Initiation.READ, r.configuration().startsWith("p2p-read "),
                    r.configuration());
        }
        assertTrue(steps.contains("p2p-bidir-read kernel 1<->0 1 B"), steps.toString());
    }

    /** A byte flipped in every read-back is caught in each form, by the driver's copy and the kernel's, each way. */
    @ParameterizedTest
    @EnumSource(Initiation.class)
    void aCorruptedByteIsCaught(Initiation initiation) {
        List<CudaDevice> two = devices.subList(0, 2);
        assumeTrue(two.get(0).canAccessPeer(two.get(1)) && two.get(1).canAccessPeer(two.get(0)));
        var outcome = new PeerBenchmark(two, (s, d) -> s.set(ValueLayout.JAVA_BYTE, 9, (byte) (s.get(ValueLayout.JAVA_BYTE, 9) ^ 4)))
                .run(plan(List.of(4096L), CopyTimer.EVENTS).withPeerInitiations(List.of(initiation)));
        String form = PeerResult.form(initiation);
        for (String configuration : List.of("p2p" + form + " 0->1", "p2p" + form + " kernel 0->1",
                "p2p-bidir" + form + " kernel 1<->0")) {
            assertTrue(outcome.failures().stream().anyMatch(f -> f.configuration().startsWith(configuration)),
                    configuration + ": " + outcome.failures());
        }
        outcome.results().forEach(r -> {
            assertEquals(initiation, r.initiation());
            assertFalse(r.verified() || r.bidirVerified(), r.configuration());
        });
    }

    /** The command asks for both forms, and the document's read rows say so, beside --expect's read names. */
    @Test
    void theCommandWritesTheReadRows() {
        assumeTrue(devices.get(0).canAccessPeer(devices.get(1)) && devices.get(1).canAccessPeer(devices.get(0)));
        XferRun run = XferRun.of("bandwidth", "--device", "0,1", "--direction", "p2p", "--initiation", "write,read",
                "--copy", "driver,kernel", "--size", "1MiB", "--iterations", "3", "--warmup", "1", "--json",
                "--expect", "p2p-read.kernel.1-0.1MiB >= 0.001GB/s", "--expect", "p2p-bidir-read.0-1 >= 0.001GB/s");
        assertEquals(0, run.exitCode(), run.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(run.out());
        List<?> rows = (List<?>) doc.get("p2p");
        assertEquals(2 * 2 * 2, rows.size(), run.out());
        assertEquals(4, rows.stream().filter(r -> "read".equals(((Map<?, ?>) r).get("initiation"))).count(), run.out());
        assertTrue(rows.stream().allMatch(r -> Boolean.TRUE.equals(((Map<?, ?>) r).get("verified"))
                && Boolean.TRUE.equals(((Map<?, ?>) r).get("bidirVerified"))), run.out());
    }
}
