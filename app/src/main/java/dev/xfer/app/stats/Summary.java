package dev.xfer.app.stats;

import dev.xfer.app.format.NullWhenInfinite;
import dev.xfer.app.units.Rate;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * Descriptive statistics of a set of samples: the one summary record, from the engine that
 * computes it to the document that writes it and the gate that reads it back.
 *
 * <p>Every statistic is computed from a sorted copy of the samples, so the result does not depend
 * on their order, not even in the last bit, and the caller's array is left alone.
 *
 * <p>Its components are in the order every document writes them ({@code median}, {@code min},
 * {@code max}, {@code mean}, {@code stddev}, {@code n}), so one shape serves the rates of bandwidth
 * and the times of overlap, batch and pipeline alike. The median, min, max and mean are finite, or
 * there is no such summary: JSON would hold a non-finite one as {@code null}, which no reader may
 * judge; samples that give none are {@link Summarized.Unsummarizable} instead.
 *
 * @param median middle value; for an even count the mean of the two middle values ({@link Median})
 * @param min    smallest sample
 * @param max    largest sample
 * @param mean   arithmetic mean
 * @param stddev sample standard deviation (divides by n - 1); 0 for a single sample; infinite
 *               only when the true value exceeds the double range (samples near
 *               ±{@link Double#MAX_VALUE}), and then written as {@code null}
 * @param n      number of samples; at least 1 for a summary of samples, 0 where a document does
 *               not say
 */
public record Summary(double median, double min, double max, double mean, @NullWhenInfinite double stddev, int n)
        implements Summarized {

    /** @throws IllegalArgumentException when the median, min, max or mean is not finite, or n is negative */
    public Summary {
        for (double figure : new double[] {median, min, max, mean}) {
            if (!Double.isFinite(figure)) {
                throw new IllegalArgumentException("a summary holds " + figure + ": median " + median
                        + ", min " + min + ", max " + max + ", mean " + mean + ", n " + n);
            }
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be 0 or more, got " + n);
        }
    }

    // More digits than a double holds (17), so rounding the exact mean to this and then to a
    // double still gives a value between min and max.
    private static final MathContext MEAN_PRECISION = new MathContext(34);

    /**
     * Summarises {@code samples}. Engines go through {@link Summarized#of} and
     * {@link Summarized#ofRates} instead, which say why a set cannot be summarised rather than throwing.
     *
     * @throws IllegalArgumentException when there are no samples or one is NaN or infinite
     */
    public static Summary of(double[] samples) {
        Objects.requireNonNull(samples, "samples");
        if (samples.length == 0) {
            throw new IllegalArgumentException("cannot summarise zero samples");
        }
        for (int i = 0; i < samples.length; i++) {
            if (!Double.isFinite(samples[i])) {
                throw new IllegalArgumentException(
                        "sample " + i + " is " + samples[i] + ", not a finite number");
            }
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        double mean = mean(sorted);
        return new Summary(Median.ofSorted(sorted), sorted[0], sorted[sorted.length - 1], mean,
                stddev(sorted, mean), sorted.length);
    }

    /**
     * One value measured once (a count, a scalar field such as overlap's speedup).
     *
     * @throws IllegalArgumentException when {@code value} is not finite
     */
    public static Summary single(double value) {
        return new Summary(value, value, value, value, 0, 1);
    }

    /** This summary in another unit, each figure converted by {@code unit}; n stays. */
    public Summary converted(DoubleUnaryOperator unit) {
        return new Summary(unit.applyAsDouble(median), unit.applyAsDouble(min), unit.applyAsDouble(max),
                unit.applyAsDouble(mean), unit.applyAsDouble(stddev), n);
    }

    /**
     * Summarises the transfer rates, in GB/s, of moving {@code bytes} in each of the given times.
     *
     * <p>Each time is turned into a rate first and the rates are summarised, because a rate is
     * the reciprocal of a time: the fastest time gives the maximum rate, and the mean rate is not
     * the rate at the mean time.
     *
     * @param bytes          bytes moved in each sample
     * @param secondsSamples the time each sample took, in seconds
     * @throws IllegalArgumentException when there are no samples, {@code bytes} is negative, a
     *         time is not finite and greater than zero, or a rate is not finite
     * @see Rate#gigabytesPerSecond(long, double)
     */
    public static Summary ofRates(long bytes, double[] secondsSamples) {
        Objects.requireNonNull(secondsSamples, "secondsSamples");
        double[] rates = new double[secondsSamples.length];
        for (int i = 0; i < secondsSamples.length; i++) {
            rates[i] = Rate.gigabytesPerSecond(bytes, secondsSamples[i]);
        }
        return of(rates);
    }

    private static double mean(double[] sorted) {
        // An exact sum: a plain double sum can overflow, and can even land outside [min, max].
        BigDecimal sum = BigDecimal.ZERO;
        for (double sample : sorted) {
            sum = sum.add(new BigDecimal(sample));
        }
        return sum.divide(BigDecimal.valueOf(sorted.length), MEAN_PRECISION).doubleValue();
    }

    private static double stddev(double[] sorted, double mean) {
        if (sorted.length == 1) {
            return 0;
        }
        // Scale by a power of two (exact) so that squared deviations cannot overflow.
        double largest = Math.max(Math.abs(sorted[0]), Math.abs(sorted[sorted.length - 1]));
        if (largest == 0) {
            return 0;
        }
        int exponent = Math.getExponent(largest);
        double scaledMean = Math.scalb(mean, -exponent);
        double sumOfSquares = 0;
        for (double sample : sorted) {
            double deviation = Math.scalb(sample, -exponent) - scaledMean;
            sumOfSquares += deviation * deviation;
        }
        return Math.scalb(Math.sqrt(sumOfSquares / (sorted.length - 1)), exponent);
    }
}
