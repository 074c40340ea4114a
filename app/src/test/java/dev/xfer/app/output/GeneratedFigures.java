package dev.xfer.app.output;

import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.Arrays;

/**
 * Figures as the engines give them and documents allow them: finite, 0 or more, far below
 * {@code result/Limits.MAX_FIGURE} in base units (a GB/s figure is 1e9 bytes a second), over 1 to
 * 10^6 samples; and, where an engine has one, a timer that gave no time (a failures entry).
 */
public final class GeneratedFigures {
    /** The largest figure generated, in the document's own unit. */
    public static final double MAX = 1e12;

    private GeneratedFigures() {
    }

    /** A finite figure of 0 or more, with up to 9 decimals (0 itself and tiny ones included). */
    public static Arbitrary<Double> figures() {
        return Arbitraries.oneOf(Arbitraries.doubles().between(0, MAX).ofScale(9),
                Arbitraries.doubles().between(0, 1e-3).ofScale(12), Arbitraries.of(0.0, 1.0, MAX));
    }

    /**
     * A summary whose min, median, mean and max are in order, its spread finite or (one sample)
     * infinite, over 1 to 10^6 samples.
     */
    public static Arbitrary<Summary> summaries() {
        Arbitrary<Double> spread = Arbitraries.frequencyOf(Tuple.of(9, figures()),
                Tuple.of(1, Arbitraries.just(Double.POSITIVE_INFINITY)));
        return Combinators.combine(figures().list().ofSize(4), spread, Arbitraries.integers().between(1, 1_000_000))
                .as((four, stddev, n) -> {
                    double[] v = four.stream().mapToDouble(Double::doubleValue).toArray();
                    Arrays.sort(v);
                    return new Summary(v[1], v[0], v[3], v[2], stddev, n);
                });
    }

    /** A one-line reason why a timer gave no figure. */
    public static Arbitrary<String> reasons() {
        return Arbitraries.strings().withCharRange(' ', '~').ofMinLength(1).ofMaxLength(40)
                .filter(s -> !s.isBlank()).map(s -> "sample 1 of 3 was NaN ms: " + s);
    }

    /** A summary, or (one in five) why there is none. */
    public static Arbitrary<Summarized> summarized() {
        return Arbitraries.frequencyOf(Tuple.of(4, summaries()),
                Tuple.of(1, reasons().map(Summarized.Unsummarizable::new)));
    }

    /**
     * Rates as xfer writes them: bytes (1 or more) over a timed interval, so above 0 (readers refuse
     * a rate of 0 beside verified: true); {@link #summaries()} moved up by 1 where they reach 0.
     */
    public static Arbitrary<Summary> rates() {
        return summaries().map(GeneratedReports::aboveZero);
    }

    /** {@link #rates()}, or (one in five) no figure and why. */
    public static Arbitrary<Summarized> summarizedRates() {
        return Arbitraries.frequencyOf(Tuple.of(4, rates()),
                Tuple.of(1, reasons().map(Summarized.Unsummarizable::new)));
    }
}
