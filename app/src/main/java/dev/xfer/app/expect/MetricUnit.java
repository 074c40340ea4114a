package dev.xfer.app.expect;

/**
 * The unit a measured result is in. It decides which units an expectation may write after its
 * bound, and how a result is shown.
 */
public enum MetricUnit {
    /** Gigabytes (10<sup>9</sup> bytes) per second, the unit PCIe rates are quoted in. */
    GBPS("GB/s", "a bandwidth in GB/s", "bandwidths in GB/s"),
    /** Milliseconds. */
    MILLISECONDS("ms", "a time in ms", "times in ms"),
    /** Nanoseconds, the unit of one memory access's latency. */
    NANOSECONDS("ns", "a time in ns", "times in ns"),
    /** A ratio such as a speedup or an efficiency; may be written with the suffix {@code x}. */
    RATIO("", "a ratio", "ratios"),
    /** A whole number of things, such as wrong values seen. */
    COUNT("", "a count", "counts"),
    /** Any other plain number, such as a maximum error. */
    NUMBER("", "a plain number", "plain numbers");

    private final String symbol;
    private final String noun;
    private final String pluralNoun;

    MetricUnit(String symbol, String noun, String pluralNoun) {
        this.symbol = symbol;
        this.noun = noun;
        this.pluralNoun = pluralNoun;
    }

    /** What follows a value of this unit when printed: {@code GB/s}, {@code ms}, or nothing. */
    public String symbol() {
        return symbol;
    }

    /** For messages: "a ratio", "a time in ms". */
    String noun() {
        return noun;
    }

    /** For messages about several results: "ratios", "times in ms". */
    String pluralNoun() {
        return pluralNoun;
    }
}
