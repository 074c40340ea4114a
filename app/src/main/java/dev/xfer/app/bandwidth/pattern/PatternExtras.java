package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.output.Extras;

import java.util.List;

/** What a pattern run adds after its devices' documents: {@code patterns}, one row per round, and {@code failures}. */
public record PatternExtras(List<PatternRow> patterns, List<FailureRow> failures) implements Extras {
    public PatternExtras {
        patterns = List.copyOf(patterns);
        failures = List.copyOf(failures);
    }

    @Override
    public List<FailureRow> acrossFailures() {
        return failures;
    }

    @Override
    public List<Across> across() {
        return List.of(new Across("patterns", patterns));
    }
}
