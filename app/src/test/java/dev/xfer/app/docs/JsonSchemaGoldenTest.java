package dev.xfer.app.docs;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The published schema, docs/schema/xfer-N.schema.json, accepts every golden document and refuses broken ones. */
class JsonSchemaGoldenTest {

    private static Path schemaFile() {
        return RepositoryFiles.root().resolve("docs/schema/xfer-" + dev.xfer.app.cli.MeasuringMixin.SCHEMA_VERSION
                + ".schema.json");
    }

    @SuppressWarnings("unchecked")
    private static SchemaValidator validator() {
        return new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(schemaFile())));
    }

    private static List<Path> goldenFiles() throws IOException {
        try (Stream<Path> files = Files.list(RepositoryFiles.root().resolve("app/src/test/resources/golden"))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyGoldenDocumentIsValid() throws IOException {
        SchemaValidator validator = validator();
        List<String> problems = new ArrayList<>();
        List<Path> golden = goldenFiles();
        assertFalse(golden.isEmpty(), "no golden JSON files found");
        for (Path file : golden) {
            validator.validate(JsonMaps.parse(Files.readString(file)))
                    .forEach(e -> problems.add(file.getFileName() + " " + e));
        }
        assertTrue(problems.isEmpty(), "golden documents the schema refuses:\n" + String.join("\n", problems));
    }

    @Test
    void everyReferenceResolves() {
        String text = RepositoryFiles.read(schemaFile());
        @SuppressWarnings("unchecked")
        Map<String, Object> defs = (Map<String, Object>) ((Map<String, Object>) JsonMaps.parse(text)).get("$defs");
        Matcher m = Pattern.compile("\"\\$ref\": \"#/\\$defs/([^\"]+)\"").matcher(text);
        while (m.find()) {
            assertTrue(defs.containsKey(m.group(1)), "no $defs/" + m.group(1));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void brokenDocumentsAreRefusedAndNewFieldsAllowed() throws IOException {
        SchemaValidator validator = validator();
        Map<String, Object> bandwidth = mutable(RepositoryFiles.root().resolve("app/src/test/resources/golden/bandwidth.json"));

        Map<String, Object> added = deepCopy(bandwidth);
        ((Map<String, Object>) added.get("context")).put("gpuUuid", "GPU-00000000");
        ((Map<String, Object>) ((List<Object>) added.get("results")).getFirst()).put("complete", true);
        added.put("timeline", List.of());
        assertEquals(List.of(), validator.validate(added), "optional fields a later xfer adds must stay valid");

        Map<String, Object> noContext = deepCopy(bandwidth);
        noContext.remove("context");
        assertFalse(validator.validate(noContext).isEmpty());

        Map<String, Object> stringRate = deepCopy(bandwidth);
        Map<String, Object> row = (Map<String, Object>) ((List<Object>) stringRate.get("results")).getFirst();
        row.put("percentOfLink", "19.6%");
        assertFalse(validator.validate(stringRate).isEmpty());

        Map<String, Object> wrongVersion = deepCopy(bandwidth);
        wrongVersion.put("schemaVersion", 2L);
        assertFalse(validator.validate(wrongVersion).isEmpty());
    }

    /** smoke, fleet and compare: a later optional field stays valid; a missing, mistyped or misspelt one does not. */
    @Test
    @SuppressWarnings("unchecked")
    void brokenSmokeFleetAndCompareDocumentsAreRefused() throws IOException {
        SchemaValidator validator = validator();
        Map<String, Object> smoke = golden("smoke.json");
        Map<String, Object> device = (Map<String, Object>) ((List<Object>) smoke.get("devices")).getFirst();
        Map<String, Object> added = deepCopy(smoke);
        ((Map<String, Object>) ((List<Object>) added.get("devices")).getFirst()).put("link", Map.of());
        assertEquals(List.of(), validator.validate(added), "optional fields a later xfer adds must stay valid");

        Map<String, Object> noChecks = deepCopy(smoke);
        ((Map<String, Object>) ((List<Object>) noChecks.get("devices")).getFirst()).remove("checks");
        assertFalse(validator.validate(noChecks).isEmpty(), "a smoke device without checks");

        Map<String, Object> wrongTag = deepCopy(smoke);
        List<Object> results = (List<Object>) ((Map<String, Object>) ((List<Object>) wrongTag.get("devices")).getFirst())
                .get("results");
        ((Map<String, Object>) results.getLast()).put("command", "overlap");
        assertFalse(validator.validate(wrongTag).isEmpty(), "a check result tagged as overlap");
        assertTrue(device.containsKey("expectations"));

        Map<String, Object> unusable = golden("smoke-unusable.json");
        unusable.put("passed", true);
        assertFalse(validator.validate(unusable).isEmpty(), "an unusable node that passed");

        Map<String, Object> fleet = golden("fleet.json");
        Map<String, Object> gpu = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) ((List<Object>)
                ((Map<String, Object>) ((List<Object>) fleet.get("groups")).getFirst()).get("results")).getFirst())
                .get("gpus")).getFirst();
        gpu.put("deviation", "-0.5%");
        assertFalse(validator.validate(fleet).isEmpty(), "a deviation as text");
        Map<String, Object> noRule = golden("fleet.json");
        noRule.remove("rule");
        assertFalse(validator.validate(noRule).isEmpty(), "a fleet document without its rule");

        Map<String, Object> compare = golden("compare.json");
        ((Map<String, Object>) ((List<Object>) compare.get("results")).getFirst()).put("verdict", "worse");
        assertFalse(validator.validate(compare).isEmpty(), "a verdict outside regression/improvement/same");
        Map<String, Object> noThreshold = golden("compare.json");
        noThreshold.remove("failOnRegression");
        assertFalse(validator.validate(noThreshold).isEmpty(), "a compare document without failOnRegression");
    }

    /** A run that stopped early (docs/long-runs.md): complete false with why; a wrong reason or complete true is refused. */
    @Test
    @SuppressWarnings("unchecked")
    void aStoppedRunsDocumentIsValidAndItsStopChecked() throws IOException {
        SchemaValidator validator = validator();
        for (String name : List.of("bandwidth.json", "overlap.json", "check.json", "batch.json", "pipeline.json")) {
            Map<String, Object> stopped = golden(name);
            stopped.put("complete", false);
            stopped.put("stopped", new LinkedHashMap<>(Map.of("reason", "SIGINT", "measured", 1L, "planned", 4L,
                    "message", "interrupted (SIGINT) after 1 of 4 configurations")));
            stopped.put("expectations", List.of(new LinkedHashMap<>(Map.of("expectation", "a >= 1",
                    "passed", false, "evaluated", false, "line", "NOT EVALUATED a >= 1 (the run stopped before it was measured)"))));
            assertEquals(List.of(), validator.validate(stopped), name);

            Map<String, Object> wrongReason = deepCopy(stopped);
            ((Map<String, Object>) wrongReason.get("stopped")).put("reason", "SIGHUP");
            assertFalse(validator.validate(wrongReason).isEmpty(), name);
            Map<String, Object> completeTrue = deepCopy(stopped);
            completeTrue.put("complete", true);
            assertFalse(validator.validate(completeTrue).isEmpty(), name + ": complete appears only as false");
            Map<String, Object> noCounts = deepCopy(stopped);
            ((Map<String, Object>) noCounts.get("stopped")).remove("planned");
            assertFalse(validator.validate(noCounts).isEmpty(), name);
        }
    }

    private static Map<String, Object> golden(String name) throws IOException {
        return mutable(RepositoryFiles.root().resolve("app/src/test/resources/golden/" + name));
    }

    private static Map<String, Object> mutable(Path file) throws IOException {
        return deepCopy(JsonMaps.parse(Files.readString(file)));
    }

    @SuppressWarnings("unchecked")
    private static <T> T deepCopy(Object value) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put((String) k, deepCopy(v)));
            return (T) copy;
        }
        if (value instanceof List<?> l) {
            List<Object> copy = new ArrayList<>();
            l.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return (T) value;
    }
}
