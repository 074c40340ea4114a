package dev.xfer.app.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummarizedTest {

    @Test
    void finiteSamplesAreTheirSummary() {
        assertEquals(Summary.of(new double[] {3, 1, 2}), Summarized.of(new double[] {3, 1, 2}, "ms"));
        assertEquals(Summary.ofRates(1_000_000_000L, new double[] {1.0, 0.5}),
                Summarized.ofRates(1_000_000_000L, new double[] {1.0, 0.5}));
    }

    @Test
    void aNaNTimeIsAFailureWithItsReasonCountedFromOne() {
        assertEquals(new Summarized.Unsummarizable("sample 3 of 10 was NaN s: the timer gave no time"),
                Summarized.ofRates(1 << 20, new double[] {1e-3, 1e-3, Double.NaN, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3}));
        assertEquals(new Summarized.Unsummarizable("sample 2 of 2 was NaN ms: the timer gave no time"),
                Summarized.of(new double[] {1, Double.NaN}, "ms"));
    }

    @Test
    void impossibleTimesAreFailuresNeverRates() {
        assertEquals(new Summarized.Unsummarizable("sample 1 of 1 took 0.0 s: the timer gave no time"),
                Summarized.ofRates(1, new double[] {0}));
        assertEquals(new Summarized.Unsummarizable("sample 2 of 2 took -1.0E-6 s: the timer gave no time"),
                Summarized.ofRates(1, new double[] {1e-3, -1e-6}));
        assertEquals(new Summarized.Unsummarizable("sample 1 of 1 took Infinity s: not a time"),
                Summarized.ofRates(1, new double[] {Double.POSITIVE_INFINITY}));
        assertEquals(new Summarized.Unsummarizable("sample 1 of 1 took 4.9E-324 s: no copy is that fast"),
                Summarized.ofRates(Long.MAX_VALUE, new double[] {Double.MIN_VALUE}));
        assertEquals(new Summarized.Unsummarizable("sample 1 of 1 was Infinity us: not a time"),
                Summarized.of(new double[] {Double.POSITIVE_INFINITY}, "us"));
    }

    @Test
    void noSamplesIsAFailure() {
        assertEquals(new Summarized.Unsummarizable("no samples: nothing was timed"), Summarized.of(new double[0], "ms"));
        assertEquals(new Summarized.Unsummarizable("no samples: nothing was timed"), Summarized.ofRates(1, new double[0]));
    }

    /** Wherever a NaN lands among good times, the answer names that sample and never a rate. */
    @Property(tries = 200)
    void aNaNAnywhereIsNamed(@ForAll @Size(min = 1, max = 40) List<@DoubleRange(min = 1e-7, max = 10) @Scale(9) Double> times,
                             @ForAll @IntRange(min = 0, max = 39) int at) {
        double[] seconds = times.stream().mapToDouble(Double::doubleValue).toArray();
        int index = at % seconds.length;
        seconds[index] = Double.NaN;
        var failed = assertInstanceOf(Summarized.Unsummarizable.class, Summarized.ofRates(64L << 20, seconds));
        assertTrue(failed.reason().startsWith("sample " + (index + 1) + " of " + seconds.length + " was NaN s"),
                failed.reason());
    }

    /**
     * Any samples with a NaN or an infinity anywhere, in any unit, give why and never a summary,
     * however large or odd the other samples; without one, they give their summary.
     */
    @Property(tries = 300)
    void aNonFiniteSampleAnywhereIsNeverASummary(@ForAll @Size(min = 1, max = 40) List<Double> samples,
                                                  @ForAll @IntRange(min = 0, max = 39) int at,
                                                  @ForAll("nonFinite") double bad) {
        double[] values = samples.stream().mapToDouble(Double::doubleValue).toArray();
        boolean anyNonFinite = samples.stream().anyMatch(v -> !Double.isFinite(v));
        Summarized before = Summarized.of(values, "ms");
        assertEquals(anyNonFinite, before instanceof Summarized.Unsummarizable, before.toString());
        values[at % values.length] = bad;
        Summarized after = Summarized.of(values, "ms");
        var failed = assertInstanceOf(Summarized.Unsummarizable.class, after);
        assertTrue(after.measured().isEmpty() && after.whyNot().equals(java.util.Optional.of(failed.reason())));
        assertTrue(failed.reason().matches("sample \\d+ of " + values.length + " was (NaN|-?Infinity) ms: .+"),
                failed.reason());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Double> nonFinite() {
        return net.jqwik.api.Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.longBitsToDouble(0x7ff8_0000_0000_0001L));
    }
}
