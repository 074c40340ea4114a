package dev.xfer.app.result;

import java.util.List;

/**
 * A result's statistics over its measured iterations, in the result's base unit. Documents of
 * schemaVersion 1 carry no samples (only the summary), so {@code samples} is empty for them.
 *
 * @param count   how many iterations; 0 when the document does not say
 * @param median  NaN when the run produced no number
 * @param spread  the standard deviation; NaN when unknown
 */
public record Statistics(long count, double median, double min, double max, double mean, double spread,
                         List<Double> samples) {

    public Statistics {
        if (count < 0) {
            throw new IllegalArgumentException("count must be 0 or more: " + count);
        }
        samples = List.copyOf(samples);
    }

    /** One value measured once (a count, a scalar field). */
    public static Statistics single(double value) {
        return new Statistics(1, value, value, value, value, 0, List.of());
    }

    /** These statistics in another unit, each value converted by {@code unit}. */
    public Statistics converted(java.util.function.DoubleUnaryOperator unit) {
        return new Statistics(count, unit.applyAsDouble(median), unit.applyAsDouble(min), unit.applyAsDouble(max),
                unit.applyAsDouble(mean), unit.applyAsDouble(spread), samples.stream().map(unit::applyAsDouble).toList());
    }
}
