package dev.xfer.app.cli;

import picocli.CommandLine;

/** Reads {@code 10%} (or {@code 10}) as the fraction 0.10, for --margin and --fail-on-regression. */
public final class Percent implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        double percent = percent(value, "10%");
        if (!(percent >= 0 && percent < 100)) {
            throw new CommandLine.TypeConversionException("'" + value + "' must be at least 0% and below 100%");
        }
        return percent / 100;
    }

    /**
     * A change as a percentage, for --fail-on-regression: 0% or more, up to 10000%. A time can rise
     * by more than 100% (one that doubles is +100%, one that triples +200%), so the gate's bound may
     * be above it; a throughput never falls by 100% or more, so such a bound only gates times.
     */
    public static final class Change implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double percent = percent(value, "5%");
            if (!(percent >= 0 && percent <= 10_000)) {
                throw new CommandLine.TypeConversionException("'" + value + "' must be 0% to 10000%");
            }
            return percent / 100;
        }
    }

    /** The number of {@code value}, with or without its {@code %}; {@code example} names a good one. */
    private static double percent(String value, String example) {
        String text = value.strip();
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1).strip() : text;
        try {
            return Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a percentage such as " + example);
        }
    }
}
