package dev.xfer.app.expect;

import java.math.BigDecimal;
import java.math.MathContext;

/** How bounds and measured values are written in expectations and their outcomes. */
final class DecimalText {

    // Digits printed for a measured value when they are enough to show why it passed or failed:
    // at least this many significant digits, and at least this many decimals.
    private static final int MEASURED_DIGITS = 4;
    private static final int MEASURED_DECIMALS = 2;
    // Seventeen significant digits always give a double back exactly.
    private static final int EXACT_DIGITS = 17;
    private static final double LARGEST_PLAIN_INTEGER = 1e15;

    private DecimalText() {
    }

    /**
     * The shortest decimal text that reads back as exactly {@code value}: {@code 45},
     * {@code 1.5}, {@code 0.001}, {@code 1e-7}, {@code 4.5e20}. Plain between 1e-4 and 1e15,
     * with an exponent outside, so that no text runs to hundreds of zeros.
     *
     * @param value a finite number
     */
    static String canonical(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        // Double.toString gives the shortest digits that read back exactly; valueOf keeps them.
        return format(BigDecimal.valueOf(value));
    }

    /**
     * A measured value for people: four significant digits but at least two decimals, trailing
     * zeros dropped ({@code 54.52}, {@code 79.6}, {@code 54521.3}, {@code 0.0001235}), whole
     * numbers in full, and as many more digits as it takes for the printed value to compare with
     * {@code bound} as the exact value does, so a failure never prints as a number that passes.
     */
    static String measured(double value, Relation op, double bound) {
        if (!Double.isFinite(value)) {
            return Double.toString(value); // NaN, Infinity, -Infinity
        }
        if (value == Math.rint(value) && Math.abs(value) < LARGEST_PLAIN_INTEGER) {
            return canonical(value);
        }
        boolean verdict = op.test(value, bound);
        BigDecimal exact = new BigDecimal(value);
        int leadingExponent = exact.precision() - exact.scale() - 1;
        int first = Math.max(MEASURED_DIGITS, leadingExponent + 1 + MEASURED_DECIMALS);
        for (int digits = first; digits < EXACT_DIGITS; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits));
            if (op.test(rounded.doubleValue(), bound) == verdict) {
                return format(rounded);
            }
        }
        return canonical(value);
    }

    private static String format(BigDecimal number) {
        if (number.signum() == 0) {
            return "0";
        }
        BigDecimal stripped = number.stripTrailingZeros();
        int exponent = stripped.precision() - stripped.scale() - 1;
        if (exponent >= -4 && exponent < 15) {
            return stripped.toPlainString();
        }
        String digits = stripped.unscaledValue().abs().toString();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (stripped.signum() < 0 ? "-" : "") + mantissa + "e" + exponent;
    }
}
