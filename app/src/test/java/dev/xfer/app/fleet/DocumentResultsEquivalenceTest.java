package dev.xfer.app.fleet;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.Result;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the gates read of every stored measuring document (the golden and H200 documents, and the
 * smoke runs of the noise study), pinned in {@code golden/document-results.txt}: each GPU's
 * results and each document's status, as {@link DocumentReader} derives them from the bound rows.
 * The file was written by the derivation that walked the rows' written fields by name; the rows'
 * own typed derivation must read every document exactly as it did, so a difference here is a
 * result renamed, a figure changed or a check lost.
 */
class DocumentResultsEquivalenceTest {
    private static final Path RESOURCES = Path.of("src/test/resources");

    private final DocumentReader reader = new DocumentReader();

    @Test
    void everyStoredDocumentReadsAsItDid() throws IOException {
        List<Path> files = documents();
        assertTrue(files.size() > 80, "stored documents: " + files.size());
        StringBuilder out = new StringBuilder();
        for (Path file : files) {
            out.append("== ").append(RESOURCES.relativize(file)).append('\n');
            DocumentReader.Reading reading;
            try {
                reading = reader.reading(file, reader.parse(file));
            } catch (BadDocumentException e) {
                // Not a measuring document (devices, topo, doctor, fleet, compare): it says so, as it did.
                out.append("not read: ").append(e.getMessage()).append('\n');
                continue;
            }
            out.append("status ").append(reading.status()).append('\n');
            if (reading.bound().isEmpty()) {
                continue;
            }
            for (GpuResults gpu : reading.bound().get().results(file)) {
                out.append("gpu ").append(gpu.gpu())
                        .append(" repetition ").append(gpu.repetition()).append(" unusable ").append(gpu.unusable())
                        .append(" disturbances ").append(gpu.disturbances()).append('\n');
                for (Result r : gpu.results()) {
                    out.append("  ").append(r.identity().labels()).append(' ').append(r).append('\n');
                }
            }
        }
        GoldenFile.assertMatches("document-results.txt", out.toString(),
                "the results or status the gates read from a stored document changed: the rows' derivation"
                        + " must read every document as the derivation by written fields did");
    }

    private static List<Path> documents() throws IOException {
        try (Stream<Path> files = Files.walk(RESOURCES)) {
            return files.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> Stream.of("golden", "h200", "noise").anyMatch(d -> p.startsWith(RESOURCES.resolve(d))))
                    .sorted().toList();
        }
    }
}
