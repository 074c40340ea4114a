package dev.xfer.app.pipeline;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.output.UnmeasuredRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pipeline run whose timer gave NaN: a failed result with its reason in every output, never a figure, never exit 70. */
class UnmeasuredPipelineTest {
    private static final String REASON = "the batches: sample 2 of 5 was NaN ms: the timer gave no time";
    private final RunContext context = ResultsFixtures.context();
    private final PipelinePlan plan = ResultsFixtures.pipelinePlan();
    private final PipelineOutcome outcome = new PipelineOutcome.Unmeasured(REASON);

    @Test
    void theRunFailsWithTheReasonInJUnitAndExpect() {
        UnmeasuredResults.assertFailedWith(outcome.runResults(plan), "pipeline.buffers-2", "pipeline.ms",
                REASON, plan.declarations());
        UnmeasuredResults.assertFailedWith(outcome.runResults(plan), "pipeline.buffers-2",
                "pipeline.hidden", REASON, plan.declarations());
    }

    @Test
    void theTextSaysWhyAndShowsNoFigure() {
        String text = PipelineText.text(context, plan, outcome);
        assertTrue(text.endsWith("FAILED: 64 batches x 16777216 B through 2 buffers: not measured: " + REASON + "\n"),
                text);
        assertFalse(text.contains("median"), text);
    }

    @Test
    void theDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        GpuDocument document = PipelineDocument.of(context, plan, outcome);
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "pipeline that gave no figure");
        assertEquals(List.of(new UnmeasuredRow("64 batches x 16777216 B through 2 buffers", REASON)), document.failures());
        assertEquals(List.of(), document.results());
        assertEquals(document, PipelineDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
