package dev.xfer.app.overlap;

import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code overlap --start}: plain is the default and leaves every output as it was; gated is another
 * measurement, so it is said in the parameters, the rows, the text header and the identity.
 */
class GatedStartTest {
    private final OverlapResults plain = ResultsFixtures.overlapReport();
    private final OverlapResults gated = new OverlapResults(plain.context(), plain.plan().withStart(StartMode.GATED),
            plain.model(), plain.results());

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(OverlapResults r) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(OverlapDocument.of(r)));
    }

    @Test
    void plainIsTheDefault() {
        assertEquals(StartMode.PLAIN, ResultsFixtures.overlapPlan().start());
        assertFalse(ResultsFixtures.overlapPlan().gated());
    }

    @Test
    void withStartKeepsTheRestOfThePlan() {
        OverlapPlan p = plain.plan().withStart(StartMode.GATED);
        assertEquals(StartMode.GATED, p.start());
        assertEquals(plain.plan(), p.withStart(StartMode.PLAIN));
    }

    @Test
    void gatedRefusesPageableMemory() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OverlapPlan(1024, 4, 256, 1,
                List.of(OverlapSchedule.values()), 20, 3, HostMemoryKind.PAGEABLE).withStart(StartMode.GATED));
        assertTrue(e.getMessage().startsWith("--start gated needs page-locked host memory"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = HostMemoryKind.class, names = {"PINNED", "PINNED_HUGE", "REGISTERED", "WRITE_COMBINED"})
    void gatedTakesPageLockedMemory(HostMemoryKind memory) {
        OverlapPlan p = new OverlapPlan(1024, 4, 256, 1, List.of(OverlapSchedule.values()), 20, 3, memory)
                .withStart(StartMode.GATED);
        assertTrue(p.gated());
    }

    @Test
    void theIdentityCarriesOnlyAGatedStart() {
        Identity p = plain.plan().identity(OverlapSchedule.V1, OptionalInt.empty(), "milliseconds");
        Identity g = gated.plan().identity(OverlapSchedule.V1, OptionalInt.empty(), "milliseconds");
        // the plain name is the one documents had before there was a choice
        assertEquals("overlap.pinned.v1.16MiB.elements4194304.streams4.block256.kernel1.milliseconds", p.name());
        assertEquals(Optional.empty(), p.word(IdentityField.START));
        assertFalse(p.labels().containsKey("start"), p.labels().toString());
        assertEquals(Optional.of("gated"), g.word(IdentityField.START));
        assertEquals("overlap.pinned.v1.gated.16MiB.elements4194304.streams4.block256.kernel1.milliseconds", g.name());
        assertEquals("gated", g.labels().get("start"));
        assertNotEquals(p.csvKey(), g.csvKey());
        int column = Identity.csvHeader().indexOf("start");
        assertEquals(List.of("", "gated"), List.of(p.csvKey().get(column), g.csvKey().get(column)));
        // an identity that says plain is the one that says nothing
        assertEquals(p, p.toBuilder().with(IdentityField.START, "plain").build());
    }

    @Test
    void gatedAndPlainResultsNeverShareAName() {
        Set<String> plainNames = plain.runResults().results().stream()
                .map(r -> r.result().identity().name()).collect(Collectors.toSet());
        for (RunResult r : gated.runResults().results()) {
            assertFalse(plainNames.contains(r.result().identity().name()), r.result().identity().name());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPlainDocumentSaysNothingOfItsStart() {
        Map<String, Object> doc = document(plain);
        assertFalse(((Map<String, Object>) doc.get("parameters")).containsKey("start"));
        for (Object row : (List<Object>) doc.get("results")) {
            assertFalse(((Map<String, Object>) row).containsKey("start"), row.toString());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aGatedDocumentSaysSoInItsParametersAndRows() {
        Map<String, Object> doc = document(gated);
        assertEquals("gated", ((Map<String, Object>) doc.get("parameters")).get("start"));
        List<Object> rows = (List<Object>) doc.get("results");
        assertEquals(3, rows.size());
        for (Object row : rows) {
            assertEquals("gated", ((Map<String, Object>) row).get("start"), row.toString());
        }
        SchemaContract.requireValid(doc, "a gated overlap document");
    }

    @Test
    void aGatedDocumentReadsBackIntoGatedResults() throws IOException {
        Path file = dir.resolve("gated.json");
        Files.writeString(file, Json.write(document(gated)));
        List<Result> read = new DocumentReader().results(file).getFirst().results();
        assertFalse(read.isEmpty());
        assertTrue(read.stream().allMatch(r -> r.identity().word(IdentityField.START).equals(Optional.of("gated"))),
                read.toString());
        Identity v1 = gated.plan().identity(OverlapSchedule.V1, OptionalInt.empty(), "milliseconds");
        assertTrue(read.stream().anyMatch(r -> r.identity().equals(v1)), read.toString());
    }

    @Test
    void theTextHeaderNamesAGatedStart() {
        String header = OverlapText.render(gated).lines().skip(1).findFirst().orElseThrow();
        assertEquals("4194304 floats (16777216 bytes), 4 streams, block 256, kernel iterations 1, pinned host memory, "
                + "20 iterations after 3+ warm-up runs (200 ms at least), gated start: each run queued whole behind "
                + "hold_stream, timed from the gate's opening", header);
        assertFalse(OverlapText.render(plain).contains("start"), "a plain run's text is the one it always was");
    }
}
