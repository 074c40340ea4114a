package dev.xfer.app.overlap;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.stats.Summarized;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A schedule whose timer gave NaN: a failed result with its reason in every output, never a figure, never exit 70. */
class UnmeasuredOverlapTest {
    private static final String REASON = "sample 7 of 7 was NaN ms: the timer gave no time";

    /** async.cu's picture, with V1's times unsummarisable, as OverlapBenchmark keeps them. */
    private static OverlapResults report() {
        OverlapResults r = ResultsFixtures.overlapReport(ResultsFixtures.h200());
        OverlapResults.Pass pass = r.passes().getFirst();
        List<OverlapResult> results = pass.results().stream().map(one -> one.schedule() != OverlapSchedule.V1 ? one
                : new OverlapResult(one.schedule(), Summarized.of(new double[] {0.47, 0.47, 0.47, 0.47, 0.47, 0.47,
                        Double.NaN}, "ms"), Double.NaN, OptionalDouble.empty(), one.maxError(), Double.NaN)).toList();
        return new OverlapResults(r.context(), r.plan(), List.of(new OverlapResults.Pass(OptionalInt.empty(), pass.model(),
                results, pass.timelines())), List.of(), HostPlacement.none());
    }

    @Test
    void theRunFailsWithTheReasonInJUnitAndExpect() {
        UnmeasuredResults.assertFailedWith(OverlapMetrics.results(report()), "overlap.v1", "overlap.v1.ms", REASON,
                OverlapMetrics.declare(report().plan()));
    }

    @Test
    void theTextSaysWhichScheduleAndWhy() {
        String text = OverlapText.render(report());
        assertTrue(text.contains("FAILED: v1: not measured: " + REASON + "\n"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("v1 ") && l.contains("not measured")), text);
    }

    @Test
    void theDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        String reason = REASON;
        GpuDocument document = OverlapDocument.of(report());
        SchemaContract.requireValid(Json.parse(Json.write(document)), "overlap with an unmeasured schedule");
        assertEquals(List.of(new UnmeasuredRow("v1", reason)), document.failures());
        assertEquals(2, document.results().size(), "rows for sequential and v2 only");
        assertEquals(document, OverlapDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, reason, dir);
    }
}
