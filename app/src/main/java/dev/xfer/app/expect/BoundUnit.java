package dev.xfer.app.expect;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The unit written after an expectation's bound. A measured value is converted into this unit
 * before it is compared, so the comparison and the printed value are in the unit the user wrote.
 */
public enum BoundUnit {
    /** No unit: the bound is in the result's own unit. */
    NONE(""),
    /** GB/s, for results in GB/s. */
    GBPS("GB/s"),
    /** MB/s (10<sup>6</sup> bytes per second), for results in GB/s. */
    MBPS("MB/s"),
    /** Percent of the result's link rate, {@code 100 * value / link}, for results in GB/s that have one. */
    PERCENT_LINK("%link"),
    /** Times, for ratios: {@code 1.5x}. */
    TIMES("x"),
    /** Milliseconds, for times. */
    MILLISECONDS("ms"),
    /** Microseconds, for times. */
    MICROSECONDS("us"),
    /** Nanoseconds, for times: an access latency, {@code latency.host.2MiB <= 1500ns}. */
    NANOSECONDS("ns");

    // The micro sign and the Greek mu look the same; both are accepted for "us", as in Durations.
    private static final Map<String, BoundUnit> ALIASES = Map.of(
            "\u00b5s", MICROSECONDS,
            "\u03bcs", MICROSECONDS);

    private final String symbol;

    BoundUnit(String symbol) {
        this.symbol = symbol;
    }

    /** How the unit is written after the bound; empty for {@link #NONE}. */
    public String symbol() {
        return symbol;
    }

    /** Whether a bound in this unit can be compared with a result in {@code unit}, link aside. */
    public boolean fits(MetricUnit unit) {
        return switch (this) {
            case NONE -> true;
            case GBPS, MBPS, PERCENT_LINK -> unit == MetricUnit.GBPS;
            case TIMES -> unit == MetricUnit.RATIO;
            case MILLISECONDS, MICROSECONDS, NANOSECONDS -> unit == MetricUnit.MILLISECONDS
                    || unit == MetricUnit.NANOSECONDS;
        };
    }

    /** What follows values in this unit when printed for a result in {@code unit}. */
    public String symbolFor(MetricUnit unit) {
        return this == NONE ? unit.symbol() : symbol;
    }

    /**
     * Returns {@code metric}'s value converted into this unit, or empty for {@link #PERCENT_LINK}
     * when the result has no link rate.
     *
     * @throws IllegalArgumentException when this unit does not fit the result's unit
     */
    public OptionalDouble convert(Metric metric) {
        if (!fits(metric.unit())) {
            throw new IllegalArgumentException(symbol + " does not apply to " + metric.name()
                    + ", which is " + metric.unit().noun());
        }
        double value = metric.value();
        if (metric.unit() == MetricUnit.NANOSECONDS) {
            return switch (this) {
                case NONE, NANOSECONDS -> OptionalDouble.of(value);
                case MICROSECONDS -> OptionalDouble.of(value / 1e3);
                case MILLISECONDS -> OptionalDouble.of(value / 1e6);
                default -> throw new IllegalStateException(symbol + " fits " + metric.unit());
            };
        }
        return switch (this) {
            case NONE, GBPS, TIMES, MILLISECONDS -> OptionalDouble.of(value);
            case MBPS, MICROSECONDS -> OptionalDouble.of(value * 1000);
            case NANOSECONDS -> OptionalDouble.of(value * 1e6);
            case PERCENT_LINK -> metric.linkGBps().isPresent()
                    ? OptionalDouble.of(100 * value / metric.linkGBps().getAsDouble())
                    : OptionalDouble.empty();
        };
    }

    /** The unit written as {@code symbol} (empty for none), if there is one. */
    static Optional<BoundUnit> fromSymbol(String symbol) {
        for (BoundUnit unit : values()) {
            if (unit.symbol.equals(symbol)) {
                return Optional.of(unit);
            }
        }
        return Optional.ofNullable(ALIASES.get(symbol));
    }
}
