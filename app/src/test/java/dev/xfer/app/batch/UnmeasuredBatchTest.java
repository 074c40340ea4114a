package dev.xfer.app.batch;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.stats.Summarized;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A strategy whose clock gave NaN: a failed result with its reason in every output, never a figure, never exit 70. */
class UnmeasuredBatchTest {
    private static final String REASON = "sample 4 of 5 was NaN ms: the timer gave no time";

    /** The fixture's strategies, with pinned-async's times unsummarisable, as BatchBenchmark keeps them. */
    private static BatchResults report() {
        BatchResults r = ResultsFixtures.batchReport();
        List<BatchResult> results = r.results().stream().map(one -> one.strategy() != BatchStrategy.PINNED_ASYNC ? one
                : new BatchResult(one.strategy(), Optional.of(Summarized.of(new double[] {2, 2, 2, Double.NaN, 2}, "ms")),
                        Double.NaN, OptionalDouble.empty(), Optional.empty(), Optional.empty())).toList();
        return new BatchResults(r.context(), r.plan(), results);
    }

    @Test
    void theRunFailsWithTheReasonInJUnitAndExpect() {
        UnmeasuredResults.assertFailedWith(report().runResults(), "batch.pinned-async", "batch.pinned-async.ms", REASON,
                report().plan().declarations());
    }

    @Test
    void theTextSaysWhichStrategyAndWhy() {
        String text = BatchText.text(report());
        assertTrue(text.contains("FAILED: pinned-async: not measured: " + REASON + "\n"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("pinned-async ") && l.endsWith("not measured")), text);
    }

    @Test
    void theDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        GpuDocument document = BatchDocument.of(report());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "batch with an unmeasured strategy");
        assertEquals(List.of(new UnmeasuredRow("pinned-async", REASON)), document.failures());
        assertFalse(document.results().stream().anyMatch(row -> ((BatchDocument.StrategyRow) row).strategy()
                .equals("pinned-async")), "no row of figures for it");
        assertEquals(document, BatchDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
