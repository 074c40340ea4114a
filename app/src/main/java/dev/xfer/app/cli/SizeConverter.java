package dev.xfer.app.cli;

import dev.xfer.app.units.ByteSize;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a size option ({@code --size 64KiB}, {@code --staging-size 4MiB}) at the command line's
 * edge: a bad one is picocli's one line naming the option
 * ({@code xfer: Invalid value for option '--size': invalid size '16XB': unknown unit 'XB' ...}).
 */
public final class SizeConverter implements ITypeConverter<ByteSize> {
    @Override
    public ByteSize convert(String value) {
        try {
            return ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
