package dev.xfer.app.cli;

import dev.xfer.app.units.ByteSize;
import dev.xfer.app.units.ByteSizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.List;

/** {@code --sizes FROM..TO}: the powers of two from FROM to TO, read at the command line's edge. */
public record SizeSweep(List<ByteSize> sizes) {
    public SizeSweep {
        sizes = List.copyOf(sizes);
    }

    /** The picocli converter: a bad sweep is one line naming the option. */
    public static final class Converter implements ITypeConverter<SizeSweep> {
        @Override
        public SizeSweep convert(String value) {
            try {
                return new SizeSweep(ByteSizes.sweep(value));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
