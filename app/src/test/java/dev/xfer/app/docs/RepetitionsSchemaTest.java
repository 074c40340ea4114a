package dev.xfer.app.docs;

import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.fleet.DocumentReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The document of a run with --runs N in the published schema: {@code runs} holding each
 * repetition's document as the golden files show it alone, for one GPU, several and smoke; and
 * what is not such a document (one repetition, a context at the top) refused.
 */
class RepetitionsSchemaTest {
    @SuppressWarnings("unchecked")
    private static SchemaValidator validator() {
        return new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/schema/xfer-" + MeasuringMixin.SCHEMA_VERSION + ".schema.json"))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> golden(String name) {
        return (Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(Path.of("src/test/resources/golden/" + name)));
    }

    /** Three repetitions of a golden document, as MeasuringRun and smoke put them together. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> threeOf(Map<String, Object> one) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", one.get("schemaVersion"));
        doc.put("command", one.get("command"));
        Map<String, Object> parameters = one.get("parameters") instanceof Map<?, ?> p
                ? new LinkedHashMap<>((Map<String, Object>) p) : new LinkedHashMap<>();
        parameters.put("runs", 3L);
        doc.put("parameters", parameters);
        doc.put("runs", List.of(one, one, one));
        return doc;
    }

    @ParameterizedTest
    @ValueSource(strings = {"bandwidth.json", "overlap.json", "check.json", "batch.json", "pipeline.json",
            "latency.json", "bandwidth-devices-p2p.json", "smoke.json"})
    void threeRepetitionsOfAGoldenDocumentAreValidAndReadAsThreeRuns(String name) {
        Map<String, Object> one = golden(name);
        Map<String, Object> three = threeOf(one);
        List<String> problems = validator().validate(JsonMaps.parse(Json.write(three)));
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        DocumentReader reader = new DocumentReader();
        List<GpuResults> alone = reader.results(Path.of(name), JsonMaps.parse(Json.write(one)));
        List<GpuResults> runs = reader.results(Path.of(name), JsonMaps.parse(Json.write(three)));
        assertEquals(3 * alone.size(), runs.size());
        for (int i = 0; i < runs.size(); i++) {
            assertEquals(i / alone.size() + 1, runs.get(i).repetition().orElseThrow());
            assertEquals(alone.get(i % alone.size()).results(), runs.get(i).results(), "the same results as alone");
        }
        assertTrue(alone.stream().allMatch(g -> g.repetition().isEmpty()));
    }

    @SuppressWarnings("unchecked")
    @org.junit.jupiter.api.Test
    void oneRepetitionOrAContextAtTheTopIsNotARunsDocument() {
        Map<String, Object> one = golden("bandwidth.json");
        Map<String, Object> runs = threeOf(one);
        ((Map<String, Object>) runs.get("parameters")).put("runs", 1L);
        assertFalse(validator().validate(JsonMaps.parse(Json.write(runs))).isEmpty(), "--runs 1 writes the lone document");
        Map<String, Object> withContext = threeOf(one);
        withContext.put("context", one.get("context"));
        assertFalse(validator().validate(JsonMaps.parse(Json.write(withContext))).isEmpty());
    }
}
