package dev.xfer.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Reads a count option (int or long) and names a bad value in the user's words: picocli's own
 * converter says "'x' is not an int", which names a Java type rather than what was expected.
 */
public final class WholeNumberConverter<T> implements ITypeConverter<T> {
    private final LongPredicate fits;
    private final LongFunction<T> box;
    private final String range;

    private WholeNumberConverter(LongPredicate fits, LongFunction<T> box, String range) {
        this.fits = fits;
        this.box = box;
        this.range = range;
    }

    /** Registers the int and long readers on {@code commandLine} and every subcommand it has now. */
    public static void registerOn(CommandLine commandLine) {
        WholeNumberConverter<Integer> ints = new WholeNumberConverter<>(
                v -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE, v -> (int) v, "-2147483648 to 2147483647");
        WholeNumberConverter<Long> longs = new WholeNumberConverter<>(v -> true, v -> v, "-9223372036854775808 to 9223372036854775807");
        commandLine.registerConverter(Integer.class, ints);
        commandLine.registerConverter(int.class, ints);
        commandLine.registerConverter(Long.class, longs);
        commandLine.registerConverter(long.class, longs);
    }

    @Override
    public T convert(String value) {
        String text = value.strip();
        if (!text.matches("[+-]?[0-9]+")) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        long parsed;
        try {
            parsed = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is out of range (" + range + ")");
        }
        if (!fits.test(parsed)) {
            throw new TypeConversionException("'" + value + "' is out of range (" + range + ")");
        }
        return box.apply(parsed);
    }
}
