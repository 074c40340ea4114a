package dev.xfer.app.fleet;

import dev.xfer.app.result.HostAllocations;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.verdict.NoiseKind;

import java.util.Optional;

/**
 * One summarized result of one GPU in one document, in its display unit: a view of a
 * {@link Result} (when read from a document) for fleet and compare.
 *
 * @param name           the result's name: its identity's fields, then the measured field
 * @param unit           {@code GB/s}, {@code us}, {@code ms}, or empty for plain numbers
 * @param higherIsBetter true for throughputs, false for times
 * @param median         the median over the run's iterations
 * @param stddev         their standard deviation; NaN when the document has none
 * @param n              how many iterations; 0 when the document does not say
 * @param field          the measured field: {@code gbps}, {@code microseconds}, {@code milliseconds}
 * @param labels         the result's identity fields by snake_case name ({@code memory}, {@code direction},
 *                       {@code bytes}, ...), for labelled output such as OpenMetrics
 * @param result         the record this is a view of; empty for measurements made by hand (tests)
 * @param allocations    the host allocations the median is the best of, when the run measured the
 *                       configuration on several separately allocated host buffers (the result's
 *                       {@code allocations} object): a best-of-k figure; empty when it did not
 */
public record Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                          String field, java.util.Map<String, String> labels, Optional<Result> result,
                          Optional<HostAllocations> allocations) {

    /** A best-of-k measurement made by hand (tests). */
    public Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                       String field, java.util.Map<String, String> labels, HostAllocations allocations) {
        this(name, unit, higherIsBetter, median, stddev, n, field, labels, Optional.empty(), Optional.of(allocations));
    }

    public Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                       String field, java.util.Map<String, String> labels, Optional<Result> result) {
        this(name, unit, higherIsBetter, median, stddev, n, field, labels, result,
                result.flatMap(Result::allocations));
    }

    public Measurement {
        labels = java.util.Map.copyOf(labels);
    }

    public Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                       String field, java.util.Map<String, String> labels) {
        this(name, unit, higherIsBetter, median, stddev, n, field, labels, Optional.empty());
    }

    /**
     * The view of {@code result}, in its display unit.
     *
     * @throws IllegalArgumentException when the result has no figure: a document read back always has one
     */
    public static Measurement of(Result result) {
        Summary shown = result.displayed().orElseThrow(() -> new IllegalArgumentException(
                result.identity().name() + " has no figure: " + result.summary().whyNot().orElseThrow()));
        return new Measurement(result.identity().name(), result.quantity().displaySymbol(), result.higherIsBetter(),
                shown.median(), shown.stddev(), shown.n(), result.identity().measured(), result.identity().labels(),
                Optional.of(result));
    }

    /** Whether the median is the best of several host allocations. */
    public boolean bestOfK() {
        return allocations.isPresent();
    }

    /** (best - worst) / best of its host allocations; NaN when it measured one. */
    public double allocationSpread() {
        return allocations.map(HostAllocations::spread).orElse(Double.NaN);
    }

    /** The kind of noise its median has between runs: its result's kind, as a best-of-k figure when it is one. */
    public NoiseKind kind() {
        return NoiseKind.of(labels, bestOfK());
    }
}
