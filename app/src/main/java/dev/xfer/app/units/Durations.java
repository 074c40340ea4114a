package dev.xfer.app.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads and writes durations in the compact form used on the command line: a number and a unit,
 * {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 1.5s}.
 *
 * <p>Units: {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code m}, {@code h},
 * any case. Zero is allowed ({@code 0s}, e.g. no warm-up); callers that need a positive duration
 * check that themselves. Durations are limited to {@link Long#MAX_VALUE} nanoseconds (about 292
 * years) so that {@link Duration#toNanos()} never overflows.
 */
public final class Durations {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    // Preference order for format(): larger units first, as 1.234567891s reads better than
    // 1234567891ns of the same length.
    private static final List<Scale> SCALES = List.of(
            new Scale("h", 3600 * NANOS_PER_SECOND),
            new Scale("m", 60 * NANOS_PER_SECOND),
            new Scale("s", NANOS_PER_SECOND),
            new Scale("ms", 1_000_000L),
            new Scale("us", 1_000L),
            new Scale("ns", 1L));

    private static final Map<String, BigDecimal> UNIT_NANOS = Map.of(
            "h", BigDecimal.valueOf(3600 * NANOS_PER_SECOND),
            "m", BigDecimal.valueOf(60 * NANOS_PER_SECOND),
            "s", BigDecimal.valueOf(NANOS_PER_SECOND),
            "ms", BigDecimal.valueOf(1_000_000L),
            "us", BigDecimal.valueOf(1_000L),
            "\u00b5s", BigDecimal.valueOf(1_000L), // micro sign
            "\u03bcs", BigDecimal.valueOf(1_000L), // Greek mu, which looks the same
            "ns", BigDecimal.ONE);

    private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

    private Durations() {
    }

    /**
     * Reads a duration such as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h} or
     * {@code 1.5s}. Surrounding white space and spaces before the unit are ignored.
     *
     * @throws IllegalArgumentException with a one-line message naming the input and the reason,
     *         when the text is empty, has no or an unknown unit, is negative, is not a whole
     *         number of nanoseconds, or exceeds {@link Long#MAX_VALUE} nanoseconds
     */
    public static Duration parse(String text) {
        Objects.requireNonNull(text, "text");
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            throw invalid(text, "it is empty");
        }
        if (stripped.startsWith("-")) {
            throw invalid(text, "a duration cannot be negative");
        }
        QuantityText quantity = QuantityText.parse(stripped).orElseThrow(() -> invalid(text,
                "expected a number and a unit, such as 500ms, 30s, 5m or 1h"));
        if (quantity.unit().isEmpty()) {
            throw invalid(text, "the unit is missing (use ns, us, ms, s, m or h)");
        }
        BigDecimal perUnit = UNIT_NANOS.get(quantity.unit().toLowerCase(Locale.ROOT));
        if (perUnit == null) {
            throw invalid(text, "unknown unit " + InputText.quote(quantity.unit())
                    + " (use ns, us, ms, s, m or h)");
        }
        BigDecimal nanos = quantity.number().multiply(perUnit);
        if (nanos.stripTrailingZeros().scale() > 0) {
            throw invalid(text, "it is not a whole number of nanoseconds");
        }
        if (nanos.compareTo(MAX_NANOS) > 0) {
            throw invalid(text, "it is longer than the maximum of " + Long.MAX_VALUE
                    + " nanoseconds");
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    /**
     * Returns the shortest text that states {@code duration} exactly: {@code 500ms}, {@code 1.5s},
     * {@code 90s}, {@code 1h}, {@code 0s}. A negative duration gets a leading {@code -}, which
     * {@link #parse(String)} rejects; every other result parses back to an equal duration when
     * within the parse limit.
     */
    public static String format(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isZero()) {
            return "0s";
        }
        BigInteger nanos = BigInteger.valueOf(duration.getSeconds())
                .multiply(BigInteger.valueOf(NANOS_PER_SECOND))
                .add(BigInteger.valueOf(duration.getNano()));
        String magnitude = Scale.shortestExact(nanos.abs(), SCALES);
        return nanos.signum() < 0 ? "-" + magnitude : magnitude;
    }

    private static IllegalArgumentException invalid(String text, String reason) {
        return new IllegalArgumentException(
                "invalid duration " + InputText.quote(text) + ": " + reason);
    }
}
