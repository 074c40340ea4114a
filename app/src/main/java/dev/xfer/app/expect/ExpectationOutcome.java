package dev.xfer.app.expect;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How one selected result fared against one expectation.
 *
 * @param expectation the expectation, as parsed
 * @param metricName  the full name of the result, which may be longer than the expectation's
 * @param metricUnit  the result's own unit, for printing bounds written without a unit
 * @param observation the result's value in the expectation's unit, or why there is none
 */
public record ExpectationOutcome(Expectation expectation, String metricName, MetricUnit metricUnit,
                                 Observation observation) {

    public ExpectationOutcome {
        Objects.requireNonNull(expectation, "expectation");
        Objects.requireNonNull(metricName, "metricName");
        Objects.requireNonNull(metricUnit, "metricUnit");
        Objects.requireNonNull(observation, "observation");
    }

    /** Whether there is a value and it meets the bound; NaN and missing values fail. */
    public boolean passed() {
        return observation instanceof Observation.Value(double value)
                && expectation.op().test(value, expectation.value());
    }

    /** False when the run stopped before the result was measured: the outcome is neither PASS nor FAIL. */
    public boolean evaluated() {
        return !(observation instanceof Observation.NotEvaluated);
    }

    /** The measured value in the expectation's unit; empty when there is none. */
    public OptionalDouble measured() {
        return observation instanceof Observation.Value(double value)
                ? OptionalDouble.of(value)
                : OptionalDouble.empty();
    }

    /** The bound, in the expectation's unit. */
    public double bound() {
        return expectation.value();
    }

    /** The unit printed after the bound and the measured value: {@code GB/s}, {@code %link}, or nothing. */
    public String unitSymbol() {
        return expectation.unit().symbolFor(metricUnit);
    }

    /**
     * One line for people: {@code PASS pinned.h2d.16MiB >= 45GB/s (measured 54.52GB/s)},
     * {@code FAIL pinned.d2h.16MiB >= 80%link (measured 79.6%link)},
     * {@code FAIL pinned.h2d.16MiB >= 45GB/s (not measured)}, and after a run that stopped early
     * {@code NOT EVALUATED pinned.h2d.4GiB >= 45GB/s (the run stopped before it was measured)}.
     */
    public String line() {
        Relation op = expectation.op();
        String unit = unitSymbol();
        String found = switch (observation) {
            case Observation.Value(double value) when Double.isNaN(value) -> "measured NaN";
            case Observation.Value(double value) -> "measured " + DecimalText.measured(value, op, bound()) + unit;
            case Observation.Missing(String reason) -> reason;
            case Observation.NotEvaluated(String reason) -> reason;
        };
        return (passed() ? "PASS " : evaluated() ? "FAIL " : "NOT EVALUATED ") + metricName + " " + op.symbol() + " "
                + DecimalText.canonical(bound()) + unit + " (" + found + ")";
    }
}
