package dev.xfer.app.result;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The strict status model binds every measuring document xfer writes (the golden documents, the
 * H200 and noise documents measured on GPUs), so strictness refuses only what xfer never writes;
 * and where xfer writes null for "not applicable" it is read as such, nowhere else.
 */
class MeasuringDocumentTest {
    private static final List<Path> FOLDERS = List.of(Path.of("src/test/resources/golden"),
            Path.of("src/test/resources/h200"), Path.of("src/test/resources/noise"));
    private final dev.xfer.app.fleet.DocumentReader reader = new dev.xfer.app.fleet.DocumentReader();

    private MeasuringDocument document(Path file) {
        try {
            return reader.document(file, Files.readString(file));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void everyMeasuringDocumentXferWroteBindsWithItsFiguresAndStatus() throws IOException {
        int read = 0;
        for (Path folder : FOLDERS) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                    String text = Files.readString(file);
                    if (text.contains("\"command\": \"fleet\"") || text.contains("\"command\": \"compare\"")
                            || text.contains("\"command\": \"devices\"") || text.contains("\"command\": \"topo\"")
                            || text.contains("\"command\": \"doctor\"")
                            || !text.contains("\"schemaVersion\"")) {
                        continue;
                    }
                    MeasuringDocument doc = document(file);
                    assertTrue(doc.measuring(), file.toString());
                    if (doc.unusable().isEmpty()) {
                        assertTrue(doc.anyFigure(), file + " holds figures");
                        assertFalse(new dev.xfer.app.fleet.DocumentReader().results(file).isEmpty(), file.toString());
                    }
                    read++;
                }
            }
        }
        assertTrue(read >= 30, "documents read: " + read);
    }

    /**
     * A batch strategy that could not run writes {@code "milliseconds": null} and no {@code verified}:
     * no figure, so no check. {@code "verified": null} is refused, beside a figure or not (the
     * record reads null only where xfer writes it).
     */
    @Test
    void verifiedNullIsReadOnlyBesideNoFigure() throws IOException {
        Path file = Path.of("src/test/resources/golden/batch.json");
        com.fasterxml.jackson.databind.node.ObjectNode doc = (com.fasterxml.jackson.databind.node.ObjectNode)
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode row =
                (com.fasterxml.jackson.databind.node.ObjectNode) doc.withArray("results").get(0);
        row.putNull("verified");
        dev.xfer.app.fleet.BadDocumentException e = assertThrows(dev.xfer.app.fleet.BadDocumentException.class, () -> reader.document(file, doc.toString()));
        assertEquals(file + ": results[0].verified: expected true or false, got null", e.getMessage());
        assertEquals(file + ": results[0].verified: expected true or false, got null",
                assertThrows(dev.xfer.app.fleet.BadDocumentException.class, () -> {
                    row.putNull("milliseconds");
                    row.putNull("gbps");
                    reader.document(file, doc.toString());
                }).getMessage());
        row.remove("verified");
        MeasuringDocument read = reader.document(file, doc.toString());
        assertEquals(Optional.empty(), read.top().results().rows().getFirst().verified());
        assertFalse(read.top().results().rows().getFirst().judged());
    }

    @Test
    void theRecordsSayWhatTheDocumentSays() {
        MeasuringDocument check = document(Path.of("src/test/resources/h200/check.json"));
        assertEquals("check", check.command());
        assertTrue(check.top().complete());
        assertEquals(Optional.empty(), check.top().passed());
        assertTrue(check.top().results().rows().stream().anyMatch(MeasuringDocument.Row::synchronizedRun));
        assertEquals("h200", check.top().facts().model().map(m -> m.contains("H200") ? "h200" : m).orElse("none"));
    }

    @Test
    void aCommandItDoesNotKnowIsReadNoFurther() {
        MeasuringDocument doc = reader.document(Path.of("x.json"), java.util.Map.of("schemaVersion", 1L,
                "command", "warp-drive", "complete", "not read"));
        assertFalse(doc.measuring());
        dev.xfer.app.fleet.BadDocumentException e = assertThrows(dev.xfer.app.fleet.BadDocumentException.class, () -> reader.document(Path.of("x.json"),
                java.util.Map.of("schemaVersion", 1L, "command", "bandwidth", "complete", "no")));
        assertEquals("x.json: complete: expected true or false, got text \"no\"", e.getMessage());
    }
}
