package dev.xfer.app.pipeline;

import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code pipeline --start}: plain writes what it always wrote; gated says so and is another result. */
class PipelineGatedStartTest {
    private final RunContext context = ResultsFixtures.context();
    private final PipelinePlan plain = ResultsFixtures.pipelinePlan();
    private final PipelinePlan gated = new PipelinePlan(plain.batches(), plain.batchBytes(), plain.kernelIterations(),
            plain.buffers(), plain.iterations(), plain.warmup(), StartMode.GATED);
    private final PipelineResult result = ResultsFixtures.pipelineResult(0.0);

    @Test
    void plainIsTheDefault() {
        assertEquals(StartMode.PLAIN, plain.start());
        assertTrue(gated.gated());
    }

    @Test
    void theIdentityCarriesOnlyAGatedStart() {
        RunResult plainTime = result.runResults(plain).results().getFirst();
        RunResult gatedTime = result.runResults(gated).results().getFirst();
        Identity p = plainTime.result().identity();
        Identity g = gatedTime.result().identity();
        assertEquals(Optional.empty(), p.word(IdentityField.START));
        assertEquals(Optional.of("gated"), g.word(IdentityField.START));
        assertFalse(p.name().contains("gated") || p.labels().containsKey("start"), p.name());
        assertNotEquals(p.name(), g.name());
        assertNotEquals(p.labels(), g.labels());
        assertNotEquals(p.csvKey(), g.csvKey());
        // the --expect name is the run's own: one run has one start
        assertEquals("pipeline.ms", plainTime.name());
        assertEquals(plainTime.name(), gatedTime.name());
    }

    @Test
    void parametersSayOnlyAGatedStart() {
        assertFalse(Json.write(PipelineDocument.Plan.of(plain)).contains("start"));
        assertEquals(Optional.of("gated"), PipelineDocument.Plan.of(gated).start());
        var doc = PipelineDocument.of(context, gated, result);
        SchemaContract.requireValid(JsonMaps.parse(Json.write(doc)), "a gated pipeline document");
    }

    @Test
    void theTextHeaderNamesTheTimer() {
        String plainHeader = PipelineText.text(context, plain, result).lines().skip(1).findFirst().orElseThrow();
        String gatedHeader = PipelineText.text(context, gated, result).lines().skip(1).findFirst().orElseThrow();
        assertTrue(plainHeader.contains(", host clock, "), plainHeader);
        assertTrue(gatedHeader.contains(", gated start: all batches queued behind hold_stream, events from the gate's "
                + "opening, "), gatedHeader);
        assertFalse(gatedHeader.contains("host clock"), gatedHeader);
    }
}
