package dev.xfer.app.result;

import java.util.Locale;
import java.util.Optional;

/**
 * What a document's measured field holds, found from the field's name alone, so a new command's
 * fields need no list here as long as they follow the names in use: {@code gbps} and
 * {@code ...Gbps} are GB/s, {@code microseconds}, {@code milliseconds}, {@code nanoseconds},
 * {@code seconds} and {@code ...Ms} are times.
 *
 * @param unit            the base unit
 * @param exponent        the power of ten a value in the document's unit is multiplied by to be in the base
 *                        unit (9 for GB/s, -6 for microseconds): a power of ten, so a value converts there and
 *                        back exactly as written
 * @param displaySymbol   the unit the document (and text output) shows: {@code GB/s}, {@code us}, ...
 * @param higherIsBetter  true for throughputs and ratios, false for times and counts of wrong things
 * @param metric          the OpenMetrics family's name stem: {@code bandwidth}, {@code copy}, {@code run}
 */
public record Quantity(BaseUnit unit, int exponent, String displaySymbol, boolean higherIsBetter, String metric) {

    public static final Quantity GIGABYTES_PER_SECOND = new Quantity(BaseUnit.BYTES_PER_SECOND, 9, "GB/s", true, "bandwidth");

    /** The quantity of the field {@code field} of a result, or empty when the name says nothing of its unit. */
    public static Optional<Quantity> of(String field) {
        String lower = field.toLowerCase(Locale.ROOT);
        if (lower.equals("gbps") || field.endsWith("Gbps")) {
            return Optional.of(GIGABYTES_PER_SECOND);
        }
        return switch (field) {
            case "microseconds" -> Optional.of(new Quantity(BaseUnit.SECONDS, -6, "us", false, "copy"));
            case "nanoseconds" -> Optional.of(new Quantity(BaseUnit.SECONDS, -9, "ns", false, "latency"));
            case "milliseconds" -> Optional.of(new Quantity(BaseUnit.SECONDS, -3, "ms", false, "run"));
            case "seconds" -> Optional.of(new Quantity(BaseUnit.SECONDS, 0, "s", false, "run"));
            case "wrongTrials" -> Optional.of(new Quantity(BaseUnit.COUNT, 0, "", false, "wrong_trials"));
            // Figures engines derive from their measurements (overlap's, pipeline's): no document summarizes them.
            case "speedup", "efficiency", "hiddenCopyFraction" -> Optional.of(new Quantity(BaseUnit.RATIO, 0, "", true,
                    snake(field)));
            case "maxError" -> Optional.of(new Quantity(BaseUnit.NUMBER, 0, "", false, "max_error"));
            default -> field.endsWith("Ms")
                    ? Optional.of(new Quantity(BaseUnit.SECONDS, -3, "ms", false, snake(field.substring(0, field.length() - 2))))
                    : Optional.empty();
        };
    }

    /** {@code value} in the document's unit, in the base unit. */
    public double toBase(double value) {
        return scaled(value, exponent);
    }

    /** {@code value} in the base unit, in the document's (display) unit. */
    public double fromBase(double value) {
        return scaled(value, -exponent);
    }

    /**
     * {@code value} times ten to {@code exponent}, correctly rounded. Up to 10^22 a power of ten is
     * a double exactly, so one IEEE multiplication or division is the exact product rounded once,
     * as the BigDecimal computation beyond that rounds it; BigDecimal took a tenth of what compare
     * spent on 100,000 results a side (benchmarks/compare-scale).
     */
    static double scaled(double value, int exponent) {
        if (exponent == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        if (Math.abs(exponent) < EXACT_POWERS.length) {
            return exponent > 0 ? value * EXACT_POWERS[exponent] : value / EXACT_POWERS[-exponent];
        }
        return new java.math.BigDecimal(value).scaleByPowerOfTen(exponent).doubleValue();
    }

    /** 10^0 to 10^22, each exactly a double (10^23 is not). */
    private static final double[] EXACT_POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
            1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /** A summarized field whose name says nothing of its unit: a plain number, better higher. */
    public static Quantity unknown(String field) {
        return new Quantity(BaseUnit.NUMBER, 0, "", true, snake(field));
    }

    /** {@code perBatch} as {@code per_batch}. */
    static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
