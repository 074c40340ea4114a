package dev.xfer.app.fleet;

/**
 * One summarized result of one GPU in one document, e.g. {@code pinned.h2d.64MiB.gbps}.
 *
 * @param name           the result's name: the result's identifying fields, then the measured field
 * @param unit           {@code GB/s}, {@code us} or {@code ms}
 * @param higherIsBetter true for throughputs, false for times
 * @param median         the median over the run's iterations
 * @param stddev         their standard deviation; NaN when the document has none
 * @param n              how many iterations; 0 when the document does not say
 * @param field          the measured field: {@code gbps}, {@code microseconds}, {@code milliseconds}
 * @param labels         the result's identifying fields by name ({@code memory}, {@code direction},
 *                       {@code size}, ...), for labelled output such as OpenMetrics
 * @param allocationSpread (best - worst) / best of the per-allocation medians when the run measured
 *                       the configuration on several separately allocated host buffers (the result's
 *                       {@code allocations} object); NaN when it did not
 */
public record Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                          String field, java.util.Map<String, String> labels, double allocationSpread) {

    public Measurement(String name, String unit, boolean higherIsBetter, double median, double stddev, long n,
                       String field, java.util.Map<String, String> labels) {
        this(name, unit, higherIsBetter, median, stddev, n, field, labels, Double.NaN);
    }

    public Measurement {
        labels = java.util.Map.copyOf(labels);
    }

    /** How much better {@code other} is than this, as a fraction of this: positive is better, whatever the unit's sense. */
    public double gainOf(double other) {
        double change = (other - median) / median;
        return higherIsBetter ? change : -change;
    }
}
