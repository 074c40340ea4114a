package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.measure.Tally;

import java.util.List;

/**
 * What a pattern run has kept so far: each round's result as it is verified, and each copy that
 * failed its check. The one way the pattern engine's results reach {@code bandwidth --pattern}:
 * read the same way when the run ends and when it stops between rounds.
 */
public final class PatternTally {
    private final Tally<PatternResult> results;
    private final Tally<VerificationFailure> failures;

    /** @param onKept runs after each result or failure is kept */
    public PatternTally(Runnable onKept) {
        this.results = new Tally<>(onKept);
        this.failures = new Tally<>(onKept);
    }

    /** A tally no one watches while it fills. */
    public static PatternTally quiet() {
        return new PatternTally(() -> { });
    }

    void add(PatternResult result) {
        results.add(result);
    }

    void add(VerificationFailure failure) {
        failures.add(failure);
    }

    public List<PatternResult> results() {
        return results.all();
    }

    /** How many rounds' results are kept so far, counted without a copy of them. */
    int size() {
        return results.size();
    }

    public List<VerificationFailure> failures() {
        return failures.all();
    }
}
