package dev.xfer.app.output;

import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.result.GpuResults;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The round trip every property here checks: a document written as xfer writes it binds back,
 * through the one strict reader, to an equal record, and the gates' reading of that record has a
 * result for each figure written (at least one per summary in the text).
 */
public final class BindsBack {
    private static final Path FILE = Path.of("generated.json");

    private BindsBack() {
    }

    /** {@code written}, a document of {@code command}, written, bound back and read by the gates. */
    public static void assertBindsBack(String command, Object written) {
        String text = Json.write(written);
        Object read = MeasuredDocuments.read(command, text).orElseThrow();
        assertEquals(written, read, text);
        List<GpuResults> gated = switch (read) {
            case RunDocument run -> DocumentResults.of(FILE, run);
            case RepeatedDocument repeated -> DocumentResults.of(FILE, repeated);
            default -> throw new AssertionError("not a measuring document: " + read.getClass());
        };
        long results = gated.stream().mapToLong(g -> g.results().size()).sum();
        long summaries = summaries(JsonMaps.parse(text));
        assertTrue(results >= summaries, results + " results for " + summaries + " summaries in\n" + text);
    }

    /** How many summaries (objects with a median and an n) the parsed document holds. */
    public static long summaries(Object tree) {
        return switch (tree) {
            case Map<?, ?> map -> (map.containsKey("median") && map.containsKey("n") ? 1 : 0)
                    + map.values().stream().mapToLong(BindsBack::summaries).sum();
            case List<?> list -> list.stream().mapToLong(BindsBack::summaries).sum();
            case null, default -> 0;
        };
    }
}
