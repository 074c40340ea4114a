package dev.xfer.app.stats;

import dev.xfer.app.units.Rate;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Objects;

/**
 * Descriptive statistics of a set of samples.
 *
 * <p>Every statistic is computed from a sorted copy of the samples, so the result does not depend
 * on their order, not even in the last bit, and the caller's array is left alone.
 *
 * @param n      number of samples, at least 1
 * @param median middle value; for an even count the mean of the two middle values ({@link Median})
 * @param min    smallest sample
 * @param max    largest sample
 * @param mean   arithmetic mean
 * @param stddev sample standard deviation (divides by n - 1); 0 for a single sample; infinite
 *               only when the true value exceeds the double range (samples near
 *               ±{@link Double#MAX_VALUE})
 */
public record Summary(int n, double median, double min, double max, double mean, double stddev)
        implements Summarized {

    // More digits than a double holds (17), so rounding the exact mean to this and then to a
    // double still gives a value between min and max.
    private static final MathContext MEAN_PRECISION = new MathContext(34);

    /**
     * Summarises {@code samples}. Bandwidth's rates go through {@link Summarized#ofRates} instead,
     * which says why a set cannot be summarised rather than throwing (the other engines not yet).
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
        return new Summary(sorted.length, Median.ofSorted(sorted), sorted[0], sorted[sorted.length - 1],
                mean, stddev(sorted, mean));
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
