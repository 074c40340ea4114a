package dev.xfer.app.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers for people, with a fixed count of decimals where that shows at least two significant
 * digits, and two significant digits below that: a 1-byte copy's 0.00022 GB/s must not read as
 * {@code 0.00}, nor 0.012 GB/s as {@code 0.01}. Only a value that is zero prints as zero; NaN and
 * infinities print as {@link String#format} does.
 * Machine formats (CSV's {@code Double.toString}, JSON) keep full precision and do not use this.
 */
public final class Decimals {
    private static final MathContext TWO_SIGNIFICANT = new MathContext(2, RoundingMode.HALF_EVEN);

    private Decimals() {
    }

    /** {@code value} with {@code decimals} decimals when |value| >= 10^(1 - decimals), else two significant digits. */
    public static String fixed(double value, int decimals) {
        if (decimals < 0) {
            throw new IllegalArgumentException("decimals must not be negative: " + decimals);
        }
        if (!Double.isFinite(value) || value == 0 || Math.abs(value) >= Math.pow(10, 1 - decimals)) {
            return String.format(Locale.ROOT, "%." + decimals + "f", value);
        }
        BigDecimal rounded = new BigDecimal(value).round(TWO_SIGNIFICANT);
        // round() keeps one digit of 0.5; the second significant digit is shown even when it is 0
        int twoDigits = rounded.scale() - rounded.precision() + 2;
        return (rounded.scale() < twoDigits ? rounded.setScale(twoDigits) : rounded).toPlainString();
    }
}
