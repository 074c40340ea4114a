package dev.xfer.app.docs;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real H200 documents under src/test/resources/h200 (timelines included) are valid by the published schema. */
class H200DocumentsSchemaTest {
    @Test
    @SuppressWarnings("unchecked")
    void realDocumentsAreValid() throws IOException {
        SchemaValidator validator = new SchemaValidator((Map<String, Object>) JsonMaps.parse(
                RepositoryFiles.read(RepositoryFiles.root().resolve("docs/schema/xfer-1.schema.json"))));
        List<Path> files;
        try (Stream<Path> list = Files.list(Path.of("src/test/resources/h200"))) {
            files = list.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(7, files.size(), files.toString());
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            validator.validate(JsonMaps.parse(Files.readString(file))).forEach(e -> problems.add(file.getFileName() + " " + e));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
