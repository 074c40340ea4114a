package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.bandwidth.concurrent.ConcurrentPlan;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.stats.Summarized;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A p2p way or a concurrent GPU share whose timer gave NaN: a failed result with its reason in
 * every output of a run over several devices, never a figure, never exit 70.
 */
class UnmeasuredSeveralDevicesTest {
    private static final String REASON = "sample 2 of 3 was NaN s: the timer gave no time";
    private static final Summarized NAN = Summarized.ofRates(16L << 20, new double[] {1e-3, Double.NaN, 1e-3});

    /** The three-GPU matrix, with 0 to 2 one way timed as NaN. */
    private static MultiDeviceResults peers() {
        MultiDeviceResults r = MultiDeviceFixtures.peerReport();
        List<PeerResult> pairs = r.peers().orElseThrow().stream().map(p -> p.src() != 0 || p.dst() != 2 ? p
                : new PeerResult(p.src(), p.dst(), p.bytes(), p.peerAccess(), NAN, p.bidirGbps(), p.verified(),
                        p.bidirVerified(), p.copy(), p.initiation())).toList();
        return new MultiDeviceResults(r.plan(), r.devices(), Optional.empty(), Optional.of(pairs), r.failures());
    }

    /** Two GPUs at once, with device 1's h2d share timed as NaN. */
    private static MultiDeviceResults concurrent() {
        MultiDeviceResults r = MultiDeviceFixtures.concurrentReport();
        List<ConcurrentResult> together = r.concurrent().orElseThrow().stream().map(c -> !c.direction().equals("h2d") ? c
                : new ConcurrentResult(c.memory(), c.direction(), c.bytes(), List.of(c.gpus().get(0),
                new ConcurrentResult.GpuShare(1, NAN, NAN, OptionalDouble.empty(), true)), c.aggregateGbps(),
                c.aloneGbpsSum())).toList();
        return new MultiDeviceResults(r.plan(), r.devices(), Optional.of(together), Optional.empty(), r.failures());
    }

    @Test
    void aPeerWayFailsWithTheReasonInJUnitAndExpect() {
        MultiDeviceResults r = peers();
        UnmeasuredResults.assertFailedWith(r.peerRunResults().orElseThrow(), "p2p.0-2.16MiB", REASON,
                new PeerPlan(r.plan(), List.of(0, 1, 2)).declarations());
    }

    @Test
    void aConcurrentShareFailsWithTheReasonInJUnitAndExpect() {
        MultiDeviceResults r = concurrent();
        UnmeasuredResults.assertFailedWith(r.concurrentRunResults(
                        List.of(OptionalDouble.empty(), OptionalDouble.empty())).orElseThrow(), "concurrent.pinned.h2d.16MiB.gpu1", REASON,
                new ConcurrentPlan(r.plan(), List.of(0, 1)).declarations(d -> false));
    }

    @Test
    void theTextSaysWhichAndWhy() {
        String p2p = MultiDeviceText.render(peers());
        assertTrue(p2p.contains("FAILED: p2p 0->2 16777216 B: not measured: " + REASON + "\n"), p2p);
        String together = MultiDeviceText.render(concurrent());
        assertTrue(together.contains("FAILED: concurrent pinned h2d 16777216 B on device 1: not measured: " + REASON
                + "\n"), together);
        assertTrue(together.lines().anyMatch(l -> l.startsWith("h2d ") && l.endsWith("not measured")), together);
    }

    @Test
    void thePeerDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        DevicesDocument document = SeveralDevicesRun.document(peers());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "p2p with an unmeasured way");
        MultiDeviceExtras extras = (MultiDeviceExtras) document.extras();
        assertTrue(extras.failures().orElseThrow().contains(
                FailureRow.unmeasured("p2p 0->2 16777216 B", OptionalInt.empty(), REASON)), extras.toString());
        assertEquals(5, extras.p2p().orElseThrow().size(), "no row for the pair 0 to 2");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }

    @Test
    void theConcurrentDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        DevicesDocument document = SeveralDevicesRun.document(concurrent());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "concurrent with an unmeasured share");
        MultiDeviceExtras extras = (MultiDeviceExtras) document.extras();
        assertTrue(extras.failures().orElseThrow().contains(FailureRow.unmeasured(
                "concurrent pinned h2d 16777216 B on device 1", OptionalInt.empty(), REASON)), extras.toString());
        assertEquals(1, extras.concurrent().orElseThrow().size(), "no row for h2d");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
