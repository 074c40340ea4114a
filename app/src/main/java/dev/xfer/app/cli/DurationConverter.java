package dev.xfer.app.cli;

import dev.xfer.app.units.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;

/** Reads {@code --timeout} with xfer's duration syntax ({@code 90s}, {@code 10m}); a zero or negative limit makes no sense. */
public final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        Duration d;
        try {
            d = Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
        if (d.isZero() || d.isNegative()) {
            throw new TypeConversionException("--timeout must be longer than 0, not '" + value + "'");
        }
        return d;
    }
}
