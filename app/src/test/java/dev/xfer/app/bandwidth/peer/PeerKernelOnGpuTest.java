package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs two GPUs: the copy kernel between peers ({@code --copy kernel --direction p2p}) moves the
 * right bytes one way and both ways, at 1 byte, odd sizes and 4 GiB, beside the driver's pairs; a
 * corrupted byte is caught.
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

    @ParameterizedTest
    @EnumSource(CopyTimer.class)
    void everyPairVerifiesByBothPaths(CopyTimer timer) {
        List<CudaDevice> two = devices.subList(0, 2);
        assumeTrue(two.get(0).canAccessPeer(two.get(1)) && two.get(1).canAccessPeer(two.get(0)),
                "GPUs 0 and 1 have no peer access: no kernel pairs to check");
        List<Long> sizes = List.of(1L, 4097L, (64L << 20) + 3, 4L << 30);
        var outcome = new PeerBenchmark(two, Progress.NONE, (s, d) -> { }).run(plan(sizes, timer));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(sizes.size() * 2 * 2, outcome.results().size());
        assertEquals(sizes.size() * 2, outcome.results().stream().filter(r -> r.copy() == CopyPath.KERNEL).count());
        for (PeerResult r : outcome.results()) {
            assertTrue(r.verified() && r.bidirVerified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0 && r.bidirGbps().median() > 0, r.configuration());
        }
    }

    @ParameterizedTest
    @EnumSource(value = CopyTimer.class, names = "EVENTS")
    void aCorruptedByteIsCaught(CopyTimer timer) {
        List<CudaDevice> two = devices.subList(0, 2);
        assumeTrue(two.get(0).canAccessPeer(two.get(1)) && two.get(1).canAccessPeer(two.get(0)));
        var outcome = new PeerBenchmark(two, Progress.NONE,
                (s, d) -> s.set(ValueLayout.JAVA_BYTE, 9, (byte) (s.get(ValueLayout.JAVA_BYTE, 9) ^ 4)))
                .run(plan(List.of(4096L), timer));
        assertTrue(outcome.failures().stream().anyMatch(f -> f.configuration().startsWith("p2p kernel 0->1")),
                outcome.failures().toString());
        outcome.results().forEach(r -> assertFalse(r.verified(), r.configuration()));
    }
}
