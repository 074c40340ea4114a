package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.bandwidth.several.MultiDeviceText;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.RunResults;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GPU to GPU in the read form ({@code --direction p2p --initiation read}): its own matrices after
 * the write form's, its own names ({@code p2p-read}, {@code p2p-bidir-read}), JSON rows that say
 * it, and its rows in the progress count; the write form's text, names and rows stay as they were.
 */
class PeerReadRenderingTest {
    private final MultiDeviceResults report = MultiDeviceFixtures.peerReadReport();
    private final List<PeerResult> pairs = report.peers().orElseThrow();

    private List<PeerResult> of(Initiation initiation) {
        return pairs.stream().filter(r -> r.initiation() == initiation).toList();
    }

    @Test
    void theTextIsItsGoldenFile() throws IOException {
        GoldenFile.assertMatches("bandwidth-devices-p2p-read.txt", MultiDeviceText.render(report),
                "the p2p text in both forms changed: if on purpose, rewrite it (-Dxfer.updateGolden=true)");
    }

    @Test
    void theReadFormFollowsTheWriteFormsMatricesUnchanged() {
        String both = matrices(PeerText.render(report.indices(), pairs, "a sample"));
        String writeAlone = matrices(PeerText.render(report.indices(), of(Initiation.WRITE), "a sample"));
        assertTrue(both.startsWith(writeAlone), both);
        String read = both.substring(writeAlone.length());
        assertTrue(read.startsWith("GPU to GPU, read (cudaMemcpyPeerAsync issued by the destination), 67108864 B,"
                + " one way: median GB/s, rows: source, columns: destination\n"), read);
        assertTrue(read.contains("\nGPU to GPU by copy kernel, read (launched on the destination, reading the source),"
                + " 67108864 B, one way"), read);
        assertFalse(writeAlone.contains("read"), writeAlone);
        // the read form's figures are in its matrices only
        assertTrue(read.contains("352.50") && !writeAlone.contains("352.50"), read);
        assertFalse(read.contains("383.50"), read);
    }

    /** The text before the notes under the matrices (the kernel's sample, the marks). */
    private static String matrices(String text) {
        return text.substring(0, text.indexOf("copy kernel: "));
    }

    @Test
    void namesEndTheFirstPartInRead() {
        RunResults run = report.peerRunResults().orElseThrow();
        List<String> names = run.metrics().stream().map(Metric::name).toList();
        assertEquals(List.of("p2p.0-1.64MiB", "p2p-bidir.0-1.64MiB", "p2p.kernel.0-1.64MiB",
                "p2p-bidir.kernel.0-1.64MiB", "p2p.1-0.64MiB", "p2p-bidir.1-0.64MiB", "p2p.kernel.1-0.64MiB",
                "p2p-bidir.kernel.1-0.64MiB", "p2p-read.0-1.64MiB", "p2p-bidir-read.0-1.64MiB",
                "p2p-read.kernel.0-1.64MiB", "p2p-bidir-read.kernel.0-1.64MiB", "p2p-read.1-0.64MiB",
                "p2p-bidir-read.1-0.64MiB", "p2p-read.kernel.1-0.64MiB", "p2p-bidir-read.kernel.1-0.64MiB"), names);
        assertEquals(352.5, run.metrics().get(10).value());
        assertEquals(List.of("p2p-bidir-read.kernel.1-0.64MiB"),
                run.configurations().stream().filter(c -> !c.passed()).map(MeasuredConfiguration::name).toList());
    }

    @Test
    void configurationsSayTheFormAsTheNamesDo() {
        PeerResult readByKernel = of(Initiation.READ).get(1);
        assertEquals("p2p-read kernel 0->1 67108864 B", readByKernel.configuration());
        assertEquals("p2p-bidir-read kernel 0<->1 67108864 B", readByKernel.bidirConfiguration());
        PeerResult writeByDriver = of(Initiation.WRITE).getFirst();
        assertEquals("p2p 0->1 67108864 B", writeByDriver.configuration());
        assertEquals("p2p-bidir 0<->1 67108864 B", writeByDriver.bidirConfiguration());
    }

    @Test
    void onlyTheReadFormsRowsSayIt() {
        List<PeerRow> rows = PeerRow.rows(pairs);
        for (int i = 0; i < rows.size(); i++) {
            Map<?, ?> row = (Map<?, ?>) JsonMaps.parse(Json.write(rows.get(i)));
            Object expected = pairs.get(i).initiation() == Initiation.READ ? "read" : null;
            assertEquals(expected, row.get("initiation"), row.toString());
        }
    }

    @Test
    void theReadFormIsDeclaredAndCountedOnlyWhenAskedFor() {
        BandwidthPlan both = MultiDeviceFixtures.peerReadPlan();
        List<String> declared = new PeerPlan(both, List.of(0, 1)).declarations().stream().map(MetricDeclaration::name).toList();
        assertEquals(report.peerRunResults().orElseThrow().metrics().stream().map(Metric::name).toList(), declared);
        assertEquals(16, PeerBenchmark.configurations(both, 2));

        BandwidthPlan readAlone = plan(List.of(Initiation.READ));
        assertEquals(List.of("p2p-read.0-1.16MiB", "p2p-bidir-read.0-1.16MiB", "p2p-read.1-0.16MiB",
                        "p2p-bidir-read.1-0.16MiB"),
                new PeerPlan(readAlone, List.of(0, 1)).declarations().stream().map(MetricDeclaration::name).toList());
        assertEquals(4, PeerBenchmark.configurations(readAlone, 2));
        assertEquals(24, PeerBenchmark.configurations(plan(List.of(Initiation.WRITE, Initiation.READ)), 3));
        assertEquals(12, PeerBenchmark.configurations(plan(List.of(Initiation.WRITE)), 3));
    }

    @Test
    void aPlanReadsOnlyBetweenGpus() {
        BandwidthPlan h2d = new BandwidthPlan(List.of(1L << 20), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 20, 5, CopyTimer.EVENTS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> h2d.withPeerInitiations(List.of(Initiation.READ)));
        assertEquals("--initiation picks which GPU issues a copy between GPUs: it needs --direction p2p",
                e.getMessage());
        BandwidthPlan mixed = new BandwidthPlan(List.of(1L << 20), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.P2P), 20, 5, CopyTimer.EVENTS)
                .withPeerInitiations(List.of(Initiation.READ, Initiation.READ));
        assertEquals(List.of(Initiation.READ), mixed.peerInitiations());
        assertEquals(List.of(Initiation.WRITE), mixed.perDevice().orElseThrow().peerInitiations(),
                "each device's own rows are no copies between GPUs");
    }

    private static BandwidthPlan plan(List<Initiation> sides) {
        return new BandwidthPlan(List.of(16L << 20), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 20, 5,
                CopyTimer.EVENTS, List.of(CopyPath.DRIVER), BandwidthPlan.DEFAULT_STAGING).withPeerInitiations(sides);
    }
}
