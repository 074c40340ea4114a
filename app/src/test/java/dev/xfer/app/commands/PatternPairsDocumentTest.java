package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.bandwidth.pattern.PatternFixtures;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.xfer.app.output.MultiDeviceFixtures.h200At;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A pattern run over chosen GPU pairs ({@code --pattern all-to-one --pair 1,0}, or a draw with
 * {@code --pairs}): the whole run's {@code parameters} record the pairs and a draw's seed after
 * {@code patterns}, and the document binds back to the records that wrote it; without pairs the
 * parameters say nothing of them (the golden {@code bandwidth-devices-patterns.json} is unchanged).
 */
class PatternPairsDocumentTest {

    private static String written(PairChoice pairs) {
        DevicesDocument document = dev.xfer.app.bandwidth.pattern.PatternRun.document(
                List.of(ResultsFixtures.context(h200At(0, 0x17, 0)), ResultsFixtures.context(h200At(1, 0x97, 1))),
                List.of(0, 1), PatternFixtures.plans(), ResultsFixtures.bandwidthPlan().withPairs(pairs),
                PatternFixtures.results(), PatternFixtures.failures());
        return Json.write(document);
    }

    private static Map<?, ?> parameters(String written) {
        return (Map<?, ?>) ((Map<?, ?>) JsonMaps.parse(written)).get("parameters");
    }

    @Test
    void givenPairsAreRecordedWithoutASeed() {
        String written = written(new PairChoice.Given(List.of(new GpuPair(1, 0))));
        Map<?, ?> parameters = parameters(written);
        List<?> keys = List.copyOf(parameters.keySet());
        assertEquals(List.of("patterns", "pairs"), keys.subList(keys.size() - 2, keys.size()));
        assertEquals(1, ((List<?>) parameters.get("pairs")).size());
        Map<?, ?> pair = (Map<?, ?>) ((List<?>) parameters.get("pairs")).getFirst();
        assertEquals(1L, ((Number) pair.get("src")).longValue());
        assertEquals(0L, ((Number) pair.get("dst")).longValue());
        assertEquals(written.strip(), Json.write(MeasuredDocuments.read("bandwidth", written).orElseThrow()).strip());
    }

    @Test
    void aDrawIsRecordedWithItsSeed() {
        String written = written(new PairChoice.Sampled(2, 7));
        Map<?, ?> parameters = parameters(written);
        assertEquals(2, ((List<?>) parameters.get("pairs")).size());
        assertEquals(7L, ((Number) parameters.get("pairSeed")).longValue());
        assertEquals(written.strip(), Json.write(MeasuredDocuments.read("bandwidth", written).orElseThrow()).strip());
    }

    @Test
    void everyPairSaysNothing() {
        Map<?, ?> parameters = parameters(written(PairChoice.EVERY));
        assertFalse(parameters.containsKey("pairs") || parameters.containsKey("pairSeed"), parameters.toString());
    }
}
