package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Optional;

/**
 * The document of a run with {@code --runs N}: the schema, the command, the first repetition's
 * {@code parameters} with {@code runs}, and {@code runs}: each repetition's document, exactly what
 * a run without --runs writes, then {@code runToRun}: each result's run-to-run coefficient of
 * variation (absent when fewer than two repetitions gave figures). A run that stopped says so at the top ({@code complete}: false,
 * {@code stopped}) as well as in the repetition it stopped in.
 */
public record RepeatedDocument(int schemaVersion, String command, Parameters parameters, List<RunDocument> runs,
                               Optional<List<RunToRunRow>> runToRun, Optional<Boolean> complete,
                               Optional<Stopped> stopped) {
    public RepeatedDocument {
        runs = List.copyOf(runs);
        runToRun = runToRun.map(List::copyOf);
    }

    /** A document without the run-to-run rows (a run that stopped before two repetitions gave figures). */
    public RepeatedDocument(int schemaVersion, String command, Parameters parameters, List<RunDocument> runs,
                            Optional<Boolean> complete, Optional<Stopped> stopped) {
        this(schemaVersion, command, parameters, runs, Optional.empty(), complete, stopped);
    }

    /**
     * One result across the repetitions ({@code runToRun}): how its median moved from run to run.
     *
     * @param result the result's name, as {@code --expect} names it ({@code pinned.h2d.16MiB})
     * @param unit   the unit of {@code mean} and {@code stddev} ({@code GB/s}, {@code ms})
     * @param runs   the repetitions that gave it a figure, 2 or more
     * @param mean   the mean of those repetitions' medians
     * @param stddev their sample standard deviation (n - 1)
     * @param cov    stddev / |mean| as a fraction, the run-to-run coefficient of variation; absent when the mean is 0
     */
    public record RunToRunRow(String result, String unit, int runs, double mean, double stddev,
                              java.util.OptionalDouble cov) {
        public RunToRunRow {
            if (runs < 2 || !Double.isFinite(mean) || !Double.isFinite(stddev) || stddev < 0
                    || cov.isPresent() && !(cov.getAsDouble() >= 0 && Double.isFinite(cov.getAsDouble()))) {
                throw new IllegalArgumentException("run-to-run of " + result + ": " + runs + " runs, mean " + mean
                        + ", stddev " + stddev + ", cov " + cov);
            }
        }

        public static RunToRunRow of(String result, String unit, dev.xfer.app.stats.RunToRun spread) {
            return new RunToRunRow(result, unit, spread.runs(), spread.mean(), spread.stddev(), spread.cov());
        }
    }

    /** {@code parameters} (a repetition's) followed by {@code runs}, how many were planned. */
    public record Runs(@JsonUnwrapped Parameters each, int runs) implements Parameters {
        /** A repetition's plan's: how many runs were planned is no row's identity. */
        @Override
        public void identity(IdentityFields into) {
            each.identity(into);
        }
    }
}
