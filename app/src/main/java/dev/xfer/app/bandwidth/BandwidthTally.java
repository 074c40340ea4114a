package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.Tally;

import java.util.List;

/**
 * What a bandwidth run has kept so far: rows, verification failures and configurations left
 * unmeasured, each in order. The one way a bandwidth engine's results reach its command: every
 * pass of every placement appends here ({@link RunRows}), and the command reads it the same way
 * when the run ends and when it stops at a safe point.
 */
public final class BandwidthTally {
    private final Tally<BandwidthResult> results;
    private final Tally<VerificationFailure> failures;
    private final Tally<Unmeasured> unmeasured;

    /** @param onKept runs after each row, failure or unmeasured configuration is kept: rows streamed as measured */
    public BandwidthTally(Runnable onKept) {
        this.results = new Tally<>(onKept);
        this.failures = new Tally<>(onKept);
        this.unmeasured = new Tally<>(onKept);
    }

    /** A tally no one watches while it fills. */
    public static BandwidthTally quiet() {
        return new BandwidthTally(() -> { });
    }

    /** Where the tally stands now: what one pass kept is what came after it. */
    record Mark(int results, int failures, int unmeasured) {
    }

    Mark mark() {
        return new Mark(results.size(), failures.size(), unmeasured.size());
    }

    void add(BandwidthResult result) {
        results.add(result);
    }

    void add(VerificationFailure failure) {
        failures.add(failure);
    }

    void add(Unmeasured configuration) {
        unmeasured.add(configuration);
    }

    public List<BandwidthResult> results() {
        return results.all();
    }

    public List<VerificationFailure> failures() {
        return failures.all();
    }

    public List<Unmeasured> unmeasured() {
        return unmeasured.all();
    }

    List<BandwidthResult> resultsSince(Mark mark) {
        return results.since(mark.results());
    }

    List<VerificationFailure> failuresSince(Mark mark) {
        return failures.since(mark.failures());
    }

    List<Unmeasured> unmeasuredSince(Mark mark) {
        return unmeasured.since(mark.unmeasured());
    }
}
