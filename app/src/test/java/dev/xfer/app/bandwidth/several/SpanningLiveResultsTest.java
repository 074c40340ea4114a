package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a run over several devices hands on while it measures for the rows that span them is what
 * those rows of its document say: each result with its row's identity, the plan's timer included,
 * so {@code --csv} and the document name one result alike under {@code --timer wall} too.
 */
class SpanningLiveResultsTest {

    @Test
    void concurrentResultsCarryTheirRowsIdentities() {
        MultiDeviceResults report = onTheWallClock(MultiDeviceFixtures.concurrentReport());
        assertCarryTheDocumentsIdentities(report, report.concurrentRunResults(List.of()).orElseThrow());
    }

    @Test
    void peerResultsCarryTheirRowsIdentities() {
        for (MultiDeviceResults pairs : List.of(MultiDeviceFixtures.peerReport(), MultiDeviceFixtures.peerReadReport())) {
            MultiDeviceResults report = onTheWallClock(pairs);
            assertCarryTheDocumentsIdentities(report, report.peerRunResults().orElseThrow());
        }
    }

    /** The same results, measured under {@code --timer wall}. */
    private static MultiDeviceResults onTheWallClock(MultiDeviceResults r) {
        BandwidthPlan p = r.plan();
        BandwidthPlan wall = new BandwidthPlan(p.sizes(), p.memories(), p.directions(), p.iterations(), p.warmup(),
                CopyTimer.WALL);
        List<BandwidthResults> devices = r.devices().stream().map(d -> new BandwidthResults(d.context(), wall,
                d.results(), d.failures(), d.notes(), d.placement(), d.unmeasured(), d.waived())).toList();
        return new MultiDeviceResults(wall, devices, r.concurrent(), r.peers(), r.failures(), r.waived());
    }

    private static void assertCarryTheDocumentsIdentities(MultiDeviceResults report, RunResults live) {
        Set<Identity> documented = DocumentResults.of(Path.of("run.json"), SeveralDevicesRun.document(report)).stream()
                .flatMap(g -> g.results().stream()).map(Result::identity).collect(Collectors.toSet());
        assertFalse(live.results().isEmpty());
        for (RunResult r : live.results()) {
            Identity identity = r.result().identity();
            assertEquals(Optional.of("wall"), identity.word(IdentityField.TIMER), r.name());
            assertTrue(documented.contains(identity), r.name() + " is " + identity + ", which the document does not"
                    + " hold; it holds " + documented);
        }
    }
}
