package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.concurrent.ConcurrentBenchmark;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerBenchmark;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs two NVIDIA GPUs at least (every GPU of the machine takes part): all GPUs copying at once
 * and every GPU pair move the right bytes, wrong bytes are caught on the GPU they came from, and
 * nothing is left allocated or enabled afterwards.
 */
@Tag("gpu")
class MultiGpuOnGpuTest {
    private static final long ODD_64_MIB = (64L << 20) + 3;
    private static List<CudaDevice> devices;

    @BeforeAll
    static void twoGpusAtLeast() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        int count = cuda.deviceCount();
        assumeTrue(count >= 2, "needs two GPUs; this machine has " + count);
        devices = IntStream.range(0, count).mapToObj(cuda::device).toList();
    }

    private static BandwidthPlan plan(List<Long> sizes, List<CopyDirection> directions, CopyTimer timer) {
        return new BandwidthPlan(sizes, List.of(HostMemoryKind.PINNED), directions, 3, 1, timer);
    }

    private static List<Long> freeMemory() {
        return devices.stream().map(d -> d.memoryInfo().freeBytes()).toList();
    }

    private static List<OptionalDouble> noLinks() {
        return Collections.nCopies(devices.size(), OptionalDouble.empty());
    }

    // ---- --concurrent

    @Test
    void allGpusAtOnceVerifyAndTheAggregateIsBoundedByTheirSum() {
        new ConcurrentBenchmark(devices, noLinks(), (s, d) -> { })
                .run(plan(List.of(4096L), List.of(CopyDirection.H2D), CopyTimer.EVENTS)); // runtime's own first allocations
        List<Long> freeBefore = freeMemory();
        var outcome = new ConcurrentBenchmark(devices, noLinks(), (s, d) -> { })
                .run(plan(List.of(4096L, ODD_64_MIB), List.of(CopyDirection.H2D, CopyDirection.D2H), CopyTimer.EVENTS));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(4, outcome.results().size(), "2 sizes x h2d, d2h");
        for (ConcurrentResult c : outcome.results()) {
            assertEquals(devices.stream().map(CudaDevice::index).toList(),
                    c.gpus().stream().map(ConcurrentResult.GpuShare::device).toList());
            double sumOfMax = 0;
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                assertTrue(g.verified(), c.configuration() + " on " + g.device());
                assertTrue(g.gigabytesPerSecond().measured().orElseThrow().median() > 0.1, c.configuration() + " " + g.gigabytesPerSecond());
                assertEquals(3, g.gigabytesPerSecond().measured().orElseThrow().n());
                sumOfMax += g.gigabytesPerSecond().measured().orElseThrow().max();
            }
            // each GPU's events lie inside its host-clock interval, so no iteration's aggregate
            // can beat the sum of the GPUs' own fastest copies
            assertTrue(c.aggregateGbps().max() <= sumOfMax * 1.001, c.configuration() + ": aggregate "
                    + c.aggregateGbps() + " vs sum of maxima " + sumOfMax);
            assertTrue(c.aggregateGbps().median() > 0.1, c.configuration() + " " + c.aggregateGbps());
        }
        assertEquals(freeBefore, freeMemory(), "device memory leaked");
    }

    @Test
    void allGpusAtOnceWithTheWallTimer() {
        var outcome = new ConcurrentBenchmark(devices, noLinks(), (s, d) -> { })
                .run(plan(List.of(1L << 20), List.of(CopyDirection.D2H), CopyTimer.WALL));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(1, outcome.results().size());
    }

    @Test
    void wrongBytesAreCaughtOnTheirGpu() {
        CudaDevice victim = devices.get(1);
        long offset = 12345;
        var outcome = new ConcurrentBenchmark(devices, noLinks(), (segment, device) -> {
            if (device == victim.index()) {
                segment.set(ValueLayout.JAVA_BYTE, offset, (byte) (segment.get(ValueLayout.JAVA_BYTE, offset) ^ 0x40));
            }
        }).run(plan(List.of(1L << 20), List.of(CopyDirection.H2D, CopyDirection.D2H), CopyTimer.EVENTS));
        assertEquals(1, outcome.failures().size(), outcome.failures().toString());
        assertEquals(offset, outcome.failures().getFirst().offset());
        assertTrue(outcome.failures().getFirst().configuration().endsWith("on device " + victim.index()),
                outcome.failures().getFirst().configuration());
        for (ConcurrentResult c : outcome.results()) {
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                assertEquals(g.device() != victim.index(), g.verified(), c.configuration() + " on " + g.device());
            }
        }
    }

    // ---- p2p

    @Test
    void everyPairVerifiesBothWaysAndPeerAccessIsPutBack() {
        // the runtime's own first-time peer set-up, so that only what remains after a second run is xfer's leak
        new PeerBenchmark(devices, (s, d) -> { })
                .run(plan(List.of(4096L), List.of(CopyDirection.P2P), CopyTimer.EVENTS));
        List<Long> freeBefore = freeMemory();
        var outcome = new PeerBenchmark(devices, (s, d) -> { })
                .run(plan(List.of(4096L, (32L << 20) + 5), List.of(CopyDirection.P2P), CopyTimer.EVENTS));
        int n = devices.size();
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(2 * n * (n - 1), outcome.results().size());
        for (PeerResult r : outcome.results()) {
            assertTrue(r.verified() && r.bidirVerified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().measured().orElseThrow().median() > 0.1, r.configuration() + " " + r.gigabytesPerSecond());
            assertTrue(r.bidirGbps().measured().orElseThrow().median() > 0.1, r.bidirConfiguration() + " " + r.bidirGbps());
            CudaDevice src = devices.get(r.src());
            CudaDevice dst = devices.get(r.dst());
            assertEquals(src.canAccessPeer(dst) && dst.canAccessPeer(src), r.peerAccess(), r.configuration());
        }
        for (CudaDevice a : devices) {
            for (CudaDevice b : devices) {
                if (a != b && a.canAccessPeer(b)) {
                    assertFalse(a.disablePeerAccess(b), "peer access " + a.index() + " -> " + b.index() + " left on");
                }
            }
        }
        assertEquals(freeBefore, freeMemory(), "device memory leaked");
    }

    @Test
    void p2pWithTheWallTimer() {
        var outcome = new PeerBenchmark(devices.subList(0, 2), (s, d) -> { })
                .run(plan(List.of(1L << 20), List.of(CopyDirection.P2P), CopyTimer.WALL));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(2, outcome.results().size());
    }

    @Test
    void wrongBytesIntoOneGpuAreCaughtForEveryCopyIntoIt() {
        CudaDevice victim = devices.get(1);
        long offset = 4097;
        List<String> into = new ArrayList<>();
        var outcome = new PeerBenchmark(devices.subList(0, 2), (segment, device) -> {
            if (device == victim.index()) {
                segment.set(ValueLayout.JAVA_BYTE, offset, (byte) (segment.get(ValueLayout.JAVA_BYTE, offset) ^ 0x40));
            }
        }).run(plan(List.of(1L << 20), List.of(CopyDirection.P2P), CopyTimer.EVENTS));
        outcome.failures().forEach(f -> into.add(f.configuration()));
        int other = devices.getFirst().index();
        int v = victim.index();
        assertEquals(List.of("p2p " + other + "->" + v + " 1048576 B",
                "p2p-bidir " + other + "<->" + v + " 1048576 B (into device " + v + ")",
                "p2p-bidir " + v + "<->" + other + " 1048576 B (into device " + v + ")"), into);
        outcome.failures().forEach(f -> assertEquals(offset, f.offset()));
        PeerResult forward = outcome.results().getFirst();
        PeerResult backward = outcome.results().getLast();
        assertFalse(forward.verified());
        assertFalse(forward.bidirVerified());
        assertTrue(backward.verified(), "the copy into the other GPU was fine");
        assertFalse(backward.bidirVerified(), "both ways includes the copy into the victim");
    }
}
