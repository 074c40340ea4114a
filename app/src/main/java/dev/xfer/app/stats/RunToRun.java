package dev.xfer.app.stats;

import java.util.OptionalDouble;

/**
 * How one result moved from run to run ({@code --runs N}): the mean of the runs' medians, their
 * sample standard deviation, and the coefficient of variation, stddev over mean (nvbandwidth's
 * run-to-run CoV). Within-run spread is each run's own {@link Summary}; this is the spread between
 * processes' worth of set-up (fresh context, fresh host allocations), which is what gates judge by.
 *
 * @param runs   how many runs gave the result a figure, 2 or more
 * @param mean   the mean of their medians
 * @param stddev the sample standard deviation (n - 1) of their medians
 */
public record RunToRun(int runs, double mean, double stddev) {
    public RunToRun {
        if (runs < 2) {
            throw new IllegalArgumentException("a run-to-run spread needs 2 runs at least, not " + runs);
        }
        if (!Double.isFinite(mean) || !Double.isFinite(stddev) || stddev < 0) {
            throw new IllegalArgumentException("mean " + mean + " and stddev " + stddev + " must be finite");
        }
    }

    /** The spread of {@code medians} (each run's median of one result); empty with fewer than 2 finite ones. */
    public static java.util.Optional<RunToRun> of(double[] medians) {
        double[] finite = java.util.Arrays.stream(medians).filter(Double::isFinite).toArray();
        if (finite.length < 2) {
            return java.util.Optional.empty();
        }
        double mean = java.util.Arrays.stream(finite).average().orElseThrow();
        double squares = 0;
        for (double m : finite) {
            squares += (m - mean) * (m - mean);
        }
        double stddev = Math.sqrt(squares / (finite.length - 1));
        return Double.isFinite(stddev) ? java.util.Optional.of(new RunToRun(finite.length, mean, stddev))
                : java.util.Optional.empty();
    }

    /** stddev / |mean|, a fraction (0.012 is 1.2%); empty when the mean is 0. */
    public OptionalDouble cov() {
        return mean == 0 ? OptionalDouble.empty() : OptionalDouble.of(stddev / Math.abs(mean));
    }
}
