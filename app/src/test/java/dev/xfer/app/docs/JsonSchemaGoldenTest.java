package dev.xfer.app.docs;

import dev.xfer.app.report.Json;
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
        return RepositoryFiles.root().resolve("docs/schema/xfer-" + dev.xfer.app.commands.MeasuringCommand.SCHEMA_VERSION
                + ".schema.json");
    }

    @SuppressWarnings("unchecked")
    private static SchemaValidator validator() {
        return new SchemaValidator((Map<String, Object>) Json.parse(RepositoryFiles.read(schemaFile())));
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
            validator.validate(Json.parse(Files.readString(file)))
                    .forEach(e -> problems.add(file.getFileName() + " " + e));
        }
        assertTrue(problems.isEmpty(), "golden documents the schema refuses:\n" + String.join("\n", problems));
    }

    @Test
    void everyReferenceResolves() {
        String text = RepositoryFiles.read(schemaFile());
        @SuppressWarnings("unchecked")
        Map<String, Object> defs = (Map<String, Object>) ((Map<String, Object>) Json.parse(text)).get("$defs");
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

    private static Map<String, Object> mutable(Path file) throws IOException {
        return deepCopy(Json.parse(Files.readString(file)));
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
