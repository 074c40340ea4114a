package dev.xfer.app.output;

import java.util.List;
import java.util.Optional;

/**
 * The document of a run with {@code --runs N}: the schema, the command, the first repetition's
 * {@code parameters} with {@code runs}, and {@code runs}: each repetition's document, exactly what
 * a run without --runs writes. A run that stopped says so at the top ({@code complete}: false,
 * {@code stopped}) as well as in the repetition it stopped in.
 */
public record RepeatedDocument(int schemaVersion, String command, Parameters parameters, List<RunDocument> runs,
                               Optional<Boolean> complete, Optional<Stopped> stopped) {
    public RepeatedDocument {
        runs = List.copyOf(runs);
    }

    /** {@code parameters} (a repetition's) followed by {@code runs}, how many were planned. */
    public record Runs(@dev.xfer.app.format.Inline Parameters each, int runs) implements Parameters {
    }
}
