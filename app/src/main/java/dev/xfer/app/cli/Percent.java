package dev.xfer.app.cli;

import picocli.CommandLine;

/** Reads {@code 10%} (or {@code 10}) as the fraction 0.10, for --margin and --fail-on-regression. */
public final class Percent implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        String text = value.strip();
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1).strip() : text;
        double percent;
        try {
            percent = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a percentage such as 10%");
        }
        if (!(percent >= 0 && percent < 100)) {
            throw new CommandLine.TypeConversionException("'" + value + "' must be at least 0% and below 100%");
        }
        return percent / 100;
    }
}
