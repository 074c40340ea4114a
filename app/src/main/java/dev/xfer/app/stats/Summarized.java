package dev.xfer.app.stats;

import dev.xfer.app.units.Rate;

import java.util.Objects;
import java.util.Optional;

/**
 * What a set of measured samples gives: their {@link Summary}, or why they cannot have one. A
 * timer that gave NaN or no time at all is a failed measurement with its reason, never a value
 * that can pass and never an internal error: every engine turns {@link Unsummarizable} into its
 * command's failed result (a {@code FAILED} line, a {@code failures} entry with the reason, exit 1).
 */
public sealed interface Summarized permits Summary, Summarized.Unsummarizable {

    /** The summary, or empty when the samples gave none. */
    default Optional<Summary> measured() {
        return this instanceof Summary s ? Optional.of(s) : Optional.empty();
    }

    /** Why the samples gave no summary, or empty when they gave one. */
    default Optional<String> whyNot() {
        return this instanceof Unsummarizable u ? Optional.of(u.reason()) : Optional.empty();
    }

    /** @param reason one line, e.g. {@code sample 3 of 10 was NaN s: the timer gave no time} */
    record Unsummarizable(String reason) implements Summarized {
        public Unsummarizable {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The summary of {@code samples} in {@code unit}, or why there is none: no samples, or a
     * sample that is NaN or infinite.
     */
    static Summarized of(double[] samples, String unit) {
        Objects.requireNonNull(samples, "samples");
        if (samples.length == 0) {
            return new Unsummarizable("no samples: nothing was timed");
        }
        for (int i = 0; i < samples.length; i++) {
            if (!Double.isFinite(samples[i])) {
                return new Unsummarizable(sample(i, samples.length) + " was " + samples[i] + " " + unit
                        + (Double.isNaN(samples[i]) ? ": the timer gave no time" : ": not a time"));
            }
        }
        return Summary.of(samples);
    }

    /**
     * The summary of the rates, in GB/s, of moving {@code bytes} in each of {@code secondsSamples}
     * ({@link Summary#ofRates}), or why there is none: no samples, a time that is NaN, infinite,
     * zero or below, or one so short that its rate is beyond a double.
     */
    static Summarized ofRates(long bytes, double[] secondsSamples) {
        Objects.requireNonNull(secondsSamples, "secondsSamples");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        int n = secondsSamples.length;
        if (n == 0) {
            return new Unsummarizable("no samples: nothing was timed");
        }
        for (int i = 0; i < n; i++) {
            double s = secondsSamples[i];
            if (Double.isNaN(s)) {
                return new Unsummarizable(sample(i, n) + " was NaN s: the timer gave no time");
            }
            if (Double.isInfinite(s)) {
                return new Unsummarizable(sample(i, n) + " took " + s + " s: not a time");
            }
            if (s <= 0) {
                return new Unsummarizable(sample(i, n) + " took " + s + " s: the timer gave no time");
            }
            if (!Double.isFinite(Rate.gigabytesPerSecond(bytes, s))) {
                return new Unsummarizable(sample(i, n) + " took " + s + " s: no copy is that fast");
            }
        }
        return Summary.ofRates(bytes, secondsSamples);
    }

    /** {@code sample 3 of 10}, counted from 1 as people count. */
    private static String sample(int index, int count) {
        return "sample " + (index + 1) + " of " + count;
    }
}
