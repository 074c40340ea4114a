package dev.xfer.app.units;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape shared by sizes and durations on a command line: an unsigned decimal number, optional
 * spaces (not other white space, so the text stays on one line), then an optional unit made of
 * letters ({@code 16MiB}, {@code 1.5 s}).
 *
 * @param number the number as written, exactly
 * @param unit   the unit as written, empty when there was none
 */
record QuantityText(BigDecimal number, String unit) {

    // Letters of any script form the unit, so "16XB" reads as an unknown unit rather than garbage.
    private static final Pattern SHAPE =
            Pattern.compile("([0-9]+(?:\\.[0-9]+)?) *(\\p{L}*)");

    /** Splits stripped input into number and unit, or returns empty when it has another shape. */
    static Optional<QuantityText> parse(String stripped) {
        Matcher m = SHAPE.matcher(stripped);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new QuantityText(new BigDecimal(m.group(1)), m.group(2)));
    }
}
