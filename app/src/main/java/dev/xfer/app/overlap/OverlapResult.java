package dev.xfer.app.overlap;

import dev.xfer.app.stats.Summary;

import java.util.OptionalDouble;

/**
 * One schedule's outcome.
 *
 * @param milliseconds       per-iteration times of the whole schedule (H2D, kernels, D2H)
 * @param gigabytesPerSecond the array's bytes both ways (2 x n x 4) over the median time
 * @param speedup            sequential median / this median; empty when sequential was not run
 * @param maxError           max |a[i] - 1| over the array after the last iteration (NaN if any element is NaN)
 * @param efficiency         the model's ideal time / this median
 */
public record OverlapResult(OverlapSchedule schedule, Summary milliseconds, double gigabytesPerSecond,
                            OptionalDouble speedup, double maxError, double efficiency) {

    public static final double TOLERANCE = 1e-6;

    public boolean withinTolerance() {
        return !Double.isNaN(maxError) && maxError <= TOLERANCE;
    }
}
