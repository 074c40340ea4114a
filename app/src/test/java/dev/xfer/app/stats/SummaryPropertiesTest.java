package dev.xfer.app.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.Size;

class SummaryPropertiesTest {

    @Provide
    Arbitrary<double[]> samples() {
        // Any finite doubles, extremes included, and a narrower range typical of timings.
        Arbitrary<Double> any = Arbitraries.doubles().filter(Double::isFinite);
        Arbitrary<Double> timings = Arbitraries.doubles().between(1e-6, 10).ofScale(9);
        return Arbitraries.oneOf(any, timings).list().ofMinSize(1).ofMaxSize(50)
                .map(list -> list.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @Property
    void medianLiesBetweenMinAndMax(@ForAll("samples") double[] samples) {
        Summary s = Summary.of(samples);
        assertTrue(s.min() <= s.median() && s.median() <= s.max(), s::toString);
    }

    @Property
    void meanLiesBetweenMinAndMax(@ForAll("samples") double[] samples) {
        Summary s = Summary.of(samples);
        assertTrue(s.min() <= s.mean() && s.mean() <= s.max(), s::toString);
    }

    @Property
    void minAndMaxAreTheExtremeSamples(@ForAll("samples") double[] samples) {
        Summary s = Summary.of(samples);
        for (double sample : samples) {
            assertTrue(s.min() <= sample && sample <= s.max());
        }
        assertEquals(samples.length, s.n());
    }

    @Property
    void stddevIsNotNegativeAndAtMostTheRange(@ForAll("samples") double[] samples) {
        Summary s = Summary.of(samples);
        // The sample stddev is at most range * sqrt(n / (4 (n - 1))) <= range / sqrt(2).
        double range = s.max() - s.min();
        assertTrue(s.stddev() >= 0 && s.stddev() <= range * (1 + 1e-12), s::toString);
    }

    @Property
    void orderOfSamplesDoesNotMatter(@ForAll("samples") double[] samples, @ForAll long seed) {
        List<Double> shuffled = new ArrayList<>();
        for (double sample : samples) {
            shuffled.add(sample);
        }
        Collections.shuffle(shuffled, new Random(seed));
        double[] permuted = shuffled.stream().mapToDouble(Double::doubleValue).toArray();
        assertEquals(Summary.of(samples), Summary.of(permuted));
    }

    @Property
    void callersArrayIsNotReordered(@ForAll("samples") double[] samples) {
        double[] copy = samples.clone();
        Summary.of(samples);
        assertArrayEquals(copy, samples);
    }

    @Property
    void fastestTimeGivesMaximumRate(
            @ForAll @Size(min = 1, max = 30) List<@DoubleRange(min = 1e-6, max = 100) @Scale(9) Double> times) {
        double[] seconds = times.stream().mapToDouble(Double::doubleValue).toArray();
        long bytes = 1L << 30;
        Summary rates = Summary.ofRates(bytes, seconds);
        double fastest = times.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double slowest = times.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertEquals(bytes / fastest / 1e9, rates.max());
        assertEquals(bytes / slowest / 1e9, rates.min());
    }
}
