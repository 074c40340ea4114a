package dev.xfer.app.result;

/**
 * The base unit a result's quantity is kept in, with the name OpenMetrics gives it. Display
 * units (GB/s, us, ms) are derived from it by {@link Quantity}.
 */
public enum BaseUnit {
    BYTES_PER_SECOND("bytes_per_second"),
    SECONDS("seconds"),
    /** A ratio of two like quantities: a speedup, an efficiency, a fraction. */
    RATIO("ratio"),
    /** A whole number of things, such as wrong trials. */
    COUNT(""),
    /** A plain number with no unit, such as a maximum error. */
    NUMBER("");

    private final String openMetricsUnit;

    BaseUnit(String openMetricsUnit) {
        this.openMetricsUnit = openMetricsUnit;
    }

    /** The unit suffix OpenMetrics metric names end in; empty for unitless quantities. */
    public String openMetricsUnit() {
        return openMetricsUnit;
    }
}
