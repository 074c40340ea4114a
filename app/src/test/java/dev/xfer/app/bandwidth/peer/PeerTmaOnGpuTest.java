package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
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
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs two GPUs of compute capability 9.0 or more with peer access both ways: the TMA copy
 * between peers ({@code --copy tma --direction p2p}) moves the right bytes one way and both ways,
 * at 1 byte (head and tail alone, no bulk copy), odd sizes (a tail of fewer than 16 bytes beside the
 * bulk copies) and 1 GiB, beside the driver's pairs, in both forms; a corrupted byte is caught. A
 * class of its own, as {@code TmaHostOnGpuTest} is: a bulk copy the peer mapping refused would end
 * the process's context.
 */
@Tag("gpu")
class PeerTmaOnGpuTest {
    private static List<CudaDevice> two;

    @BeforeAll
    static void twoHoppersWithPeerAccess() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        assumeTrue(cuda.deviceCount() >= 2, "needs two GPUs");
        two = List.of(cuda.device(0), cuda.device(1));
        for (CudaDevice d : two) {
            assumeTrue(CopyPath.TMA.absentOn(d).isEmpty(), () -> CopyPath.TMA.absentOn(d).orElseThrow());
        }
        assumeTrue(two.get(0).canAccessPeer(two.get(1)) && two.get(1).canAccessPeer(two.get(0)),
                "GPUs 0 and 1 have no peer access: no TMA pairs to check");
    }

    private static BandwidthPlan plan(List<Long> sizes, CopyTimer timer, List<Initiation> forms) {
        return new BandwidthPlan(sizes, List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 2, 1, timer,
                List.of(CopyPath.DRIVER, CopyPath.TMA), BandwidthPlan.DEFAULT_STAGING).withPeerInitiations(forms);
    }

    /** Both forms by both paths: every row verified, each progress step counted once and none left over. */
    @ParameterizedTest
    @EnumSource(CopyTimer.class)
    void everyPairVerifiesByTheTmaInBothForms(CopyTimer timer) {
        List<Long> sizes = List.of(1L, 4097L, (64L << 20) + 3, 1L << 30);
        BandwidthPlan plan = plan(sizes, timer, List.of(Initiation.WRITE, Initiation.READ));
        PeerBenchmark benchmark = new PeerBenchmark(two, (s, d) -> { });
        assertEquals(PeerAbsences.NONE.why(), benchmark.absences(plan).why(), "both GPUs run the TMA copy");
        List<String> steps = new ArrayList<>();
        var outcome = new PeerBenchmark(two, (s, d) -> { }).run(plan, (done, total, configuration) -> {
            assertEquals(steps.size(), done, configuration);
            steps.add(configuration);
        });
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(PeerBenchmark.configurations(plan, 2), steps.size());
        assertEquals(sizes.size() * 2 * 2 * 2, outcome.results().size());
        assertEquals(sizes.size() * 2 * 2, outcome.results().stream().filter(r -> r.copy() == CopyPath.TMA).count());
        for (PeerResult r : outcome.results()) {
            assertTrue(r.verified() && r.bidirVerified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().measured().orElseThrow().median() > 0
                    && r.bidirGbps().measured().orElseThrow().median() > 0, r.configuration());
        }
        assertTrue(steps.contains("p2p-bidir-read tma 1<->0 4097 B"), steps.toString());
    }

    /** A byte flipped in every read-back is caught in the TMA's rows, one way and both ways. */
    @Test
    void aCorruptedByteIsCaught() {
        var outcome = new PeerBenchmark(two, (s, d) -> s.set(ValueLayout.JAVA_BYTE, 9, (byte) (s.get(ValueLayout.JAVA_BYTE, 9) ^ 4)))
                .run(plan(List.of(1L << 20), CopyTimer.EVENTS, List.of(Initiation.WRITE, Initiation.READ)));
        for (String configuration : List.of("p2p tma 0->1", "p2p-bidir tma 1<->0", "p2p-read tma 0->1")) {
            assertTrue(outcome.failures().stream().anyMatch(f -> f.configuration().startsWith(configuration)),
                    configuration + ": " + outcome.failures());
        }
        outcome.results().forEach(r -> assertFalse(r.verified() || r.bidirVerified(), r.configuration()));
    }
}
