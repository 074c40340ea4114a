package dev.xfer.app.overlap;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
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
import java.util.Optional;
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
        UnmeasuredResults.assertFailedWith(report().runResults(), "overlap.v1", "overlap.v1.ms", REASON,
                report().plan().declarations());
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
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "overlap with an unmeasured schedule");
        assertEquals(List.of(new UnmeasuredRow("v1", reason)), document.failures());
        assertEquals(2, document.results().size(), "rows for sequential and v2 only");
        assertEquals(document, OverlapDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, reason, dir);
    }

    /** async.cu's plan on a GPU whose model's H2D alone was timed as NaN: no model, no schedule timed. */
    private static OverlapResults withoutModel() {
        OverlapResults r = ResultsFixtures.overlapReport(ResultsFixtures.h200());
        Summarized none = new Summarized.Unsummarizable("the model's H2D alone: " + REASON);
        List<OverlapResult> results = r.plan().schedules().stream().map(s -> new OverlapResult(s, none, Double.NaN,
                OptionalDouble.empty(), Double.NaN, Double.NaN)).toList();
        return new OverlapResults(r.context(), r.plan(), Optional.empty(), results);
    }

    @Test
    void aModelWithoutTimeFailsEverySchedule(@TempDir Path dir) {
        String why = "the model's H2D alone: " + REASON;
        UnmeasuredResults.assertFailedWith(withoutModel().runResults(), "overlap.sequential",
                "overlap.sequential.ms", why, withoutModel().plan().declarations());
        String text = OverlapText.render(withoutModel());
        assertTrue(text.contains("model: not measured (see FAILED below)\n"), text);
        assertTrue(text.contains("FAILED: v2: not measured: " + why + "\n"), text);
        assertTrue(!text.contains("WRONG RESULT"), "no error was measured, so none is reported: " + text);
        GpuDocument document = OverlapDocument.of(withoutModel());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "overlap without a model");
        assertEquals(3, document.failures().size(), document.failures().toString());
        assertEquals(List.of(), document.results());
        assertTrue(!Json.write(document).contains("\"model\""), "no model: " + Json.write(document));
        assertEquals(document, OverlapDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, why, dir);
    }
}
