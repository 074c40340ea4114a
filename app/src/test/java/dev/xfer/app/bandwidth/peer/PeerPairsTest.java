package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.bandwidth.several.MultiDeviceText;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MultiDeviceFixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --direction p2p --pairs 3 --size 32MiB} on four fake GPUs: only the drawn pairs are declared, counted,
 * written and drawn in the matrices ({@code .} for the others), the text says which pairs and
 * the seed, and the document records them in {@code parameters} and binds back.
 */
class PeerPairsTest {
    private static final List<Integer> GPUS = List.of(0, 1, 2, 3);
    private final MultiDeviceResults report = MultiDeviceFixtures.peerPairsReport();
    private final BandwidthPlan plan = report.plan();
    private final List<GpuPair> drawn = plan.pairs().resolve(GPUS);

    @Test
    void onlyTheDrawnPairsAreDeclaredAndCounted() {
        assertEquals(3, drawn.size());
        List<String> declared = new PeerPlan(plan, GPUS).declarations().stream().map(MetricDeclaration::name).toList();
        List<String> expected = drawn.stream().flatMap(p -> List.of("p2p." + p.src() + "-" + p.dst() + ".32MiB",
                "p2p-bidir." + p.src() + "-" + p.dst() + ".32MiB").stream()).toList();
        assertEquals(expected, declared);
        assertEquals(report.peerRunResults().orElseThrow().metrics().stream().map(Metric::name).toList(),
                declared, "the fixture's rows are the declared ones");
        assertEquals(3 * 2, PeerBenchmark.configurations(plan, GPUS));
        assertEquals(4 * 3 * 2, PeerBenchmark.configurations(plan.withPairs(PairChoice.EVERY), GPUS));
    }

    @Test
    void givenPairsAreDeclaredInTheGpusOrder() {
        BandwidthPlan given = plan.withPairs(new PairChoice.Given(List.of(new GpuPair(3, 0), new GpuPair(1, 2))));
        assertEquals(List.of("p2p.1-2.32MiB", "p2p-bidir.1-2.32MiB", "p2p.3-0.32MiB", "p2p-bidir.3-0.32MiB"),
                new PeerPlan(given, GPUS).declarations().stream().map(MetricDeclaration::name).toList());
    }

    @Test
    void theTextIsItsGoldenFile() throws IOException {
        String text = MultiDeviceText.render(report);
        GoldenFile.assertMatches("bandwidth-devices-p2p-pairs.txt", text,
                "the p2p text with --pairs changed: if on purpose, rewrite it (-Dxfer.updateGolden=true)");
        assertTrue(text.contains(plan.pairs().line(GPUS) + "\n"), text);
        assertTrue(text.contains(" (3 of 12, --pairs 3 --seed 1)\n"), text);
        assertTrue(text.contains(". not measured: the pair is not among those chosen (--pair, --pairs)\n"), text);
    }

    @Test
    void everyPairSaysNothingOfPairs() {
        String text = MultiDeviceText.render(MultiDeviceFixtures.peerReport());
        assertFalse(text.contains("GPU pairs"), text);
        assertFalse(text.contains("not among those chosen"), text);
        Map<?, ?> parameters = (Map<?, ?>) ((Map<?, ?>) JsonMaps.parse(Json.write(SeveralDevicesRun.document(
                MultiDeviceFixtures.peerReport())))).get("parameters");
        assertFalse(parameters.containsKey("pairs") || parameters.containsKey("pairSeed"), parameters.toString());
    }

    @Test
    void theDocumentRecordsThePairsAndTheSeedAndBindsBack() throws IOException {
        String written = Json.write(SeveralDevicesRun.document(report));
        GoldenFile.assertDocument("bandwidth-devices-p2p-pairs.json", written);
        Map<?, ?> parameters = (Map<?, ?>) ((Map<?, ?>) JsonMaps.parse(written)).get("parameters");
        List<?> pairs = (List<?>) parameters.get("pairs");
        assertEquals(drawn.stream().map(p -> Map.of("src", (long) p.src(), "dst", (long) p.dst())).toList(),
                pairs.stream().map(p -> Map.of("src", ((Number) ((Map<?, ?>) p).get("src")).longValue(),
                        "dst", ((Number) ((Map<?, ?>) p).get("dst")).longValue())).toList());
        assertEquals(1L, ((Number) parameters.get("pairSeed")).longValue());
        Object bound = MeasuredDocuments.read("bandwidth", written).orElseThrow();
        assertEquals(written.strip(), Json.write(bound).strip());
    }
}
