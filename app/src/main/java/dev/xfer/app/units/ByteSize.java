package dev.xfer.app.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A positive number of bytes, as used for transfer sizes.
 *
 * <p>Text form: a number with an optional unit, {@code B}, decimal {@code KB MB GB TB} (powers of
 * 1000) or binary {@code KiB MiB GiB TiB} (powers of 1024). Units ignore case, so {@code mb} is
 * {@code MB} and {@code b} is bytes, never bits. A decimal part is allowed when the result is a
 * whole number of bytes ({@code 1.5KiB} is 1536 bytes; {@code 1.5B} is rejected).
 * {@link #format()} gives the shortest text that {@link #parse(String)} reads back exactly.
 *
 * @param bytes the size in bytes, at least 1
 */
public record ByteSize(long bytes) implements Comparable<ByteSize> {

    private static final long KIB = 1L << 10;
    private static final long KB = 1_000L;

    // Preference order for format(): binary first, since transfer sizes are mostly powers of two.
    private static final List<Scale> SCALES = List.of(
            new Scale("TiB", KIB * KIB * KIB * KIB),
            new Scale("GiB", KIB * KIB * KIB),
            new Scale("MiB", KIB * KIB),
            new Scale("KiB", KIB),
            new Scale("TB", KB * KB * KB * KB),
            new Scale("GB", KB * KB * KB),
            new Scale("MB", KB * KB),
            new Scale("KB", KB),
            new Scale("B", 1));

    private static final Map<String, BigDecimal> UNIT_BYTES = unitBytes();

    private static final BigDecimal MAX_BYTES = BigDecimal.valueOf(Long.MAX_VALUE);

    /** @throws IllegalArgumentException if {@code bytes} is less than 1 */
    public ByteSize {
        if (bytes < 1) {
            throw new IllegalArgumentException("a size must be at least 1 byte, got " + bytes);
        }
    }

    /** Same as the constructor; reads better at call sites. */
    public static ByteSize ofBytes(long bytes) {
        return new ByteSize(bytes);
    }

    /**
     * Reads a size such as {@code 4096}, {@code 64KiB}, {@code 1.5 GB} or {@code 16mib}.
     * Surrounding white space is ignored.
     *
     * @throws IllegalArgumentException with a one-line message naming the input and the reason,
     *         when the text is empty, not a number with a unit, zero, negative, has an unknown
     *         unit, is not a whole number of bytes, or exceeds {@link Long#MAX_VALUE} bytes
     */
    public static ByteSize parse(String text) {
        Objects.requireNonNull(text, "text");
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            throw invalid(text, "it is empty");
        }
        if (stripped.startsWith("-")) {
            throw invalid(text, "a size cannot be negative");
        }
        QuantityText quantity = QuantityText.parse(stripped).orElseThrow(() -> invalid(text,
                "expected a number with an optional unit, such as 4096, 64KiB or 1.5GB"));
        String unit = quantity.unit();
        if (unit.matches("[KMGT]i?b")) {
            // Mb, Gb, Kib: the capital prefix and the small b are the way bits are written (a network's
            // 100 Gb/s); reading them as bytes would measure eight times what was meant.
            String bytesUnit = unit.substring(0, unit.length() - 1) + "B";
            throw invalid(text, InputText.quote(unit) + " is " + (unit.contains("i") ? "binary " : "") + "bits, not bytes:"
                    + " write " + quantity.number().toPlainString() + bytesUnit + (unit.contains("i") ? ""
                    : " (10^" + (3 * ("KMGT".indexOf(unit.charAt(0)) + 1)) + " bytes) or " + quantity.number().toPlainString()
                    + unit.charAt(0) + "iB (2^" + (10 * ("KMGT".indexOf(unit.charAt(0)) + 1)) + " bytes)"));
        }
        BigDecimal perUnit = UNIT_BYTES.get(unit.toUpperCase(Locale.ROOT));
        if (perUnit == null) {
            throw invalid(text, "unknown unit " + InputText.quote(quantity.unit())
                    + " (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)");
        }
        BigDecimal bytes = quantity.number().multiply(perUnit);
        if (bytes.signum() == 0) {
            throw invalid(text, "a size must be at least 1 byte");
        }
        if (bytes.stripTrailingZeros().scale() > 0) {
            throw invalid(text, "it is not a whole number of bytes ("
                    + bytes.stripTrailingZeros().toPlainString() + ")");
        }
        if (bytes.compareTo(MAX_BYTES) > 0) {
            throw invalid(text, "it is larger than the maximum of " + Long.MAX_VALUE + " bytes");
        }
        return new ByteSize(bytes.longValueExact());
    }

    /**
     * Returns the shortest text that states this size exactly: {@code 16MiB} for 16777216,
     * {@code 16MB} for 16000000, {@code 1.5MiB} for 1572864, {@code 4097B} for 4097. Binary units
     * win ties.
     */
    public String format() {
        return Scale.shortestExact(BigInteger.valueOf(bytes), SCALES);
    }

    @Override
    public int compareTo(ByteSize other) {
        return Long.compare(bytes, other.bytes);
    }

    /** Same as {@link #format()}. */
    @Override
    public String toString() {
        return format();
    }

    private static IllegalArgumentException invalid(String text, String reason) {
        return new IllegalArgumentException("invalid size " + InputText.quote(text) + ": " + reason);
    }

    private static Map<String, BigDecimal> unitBytes() {
        Map<String, BigDecimal> byUnit = new HashMap<>();
        for (Scale scale : SCALES) {
            byUnit.put(scale.symbol().toUpperCase(Locale.ROOT), new BigDecimal(scale.size()));
        }
        byUnit.put("", BigDecimal.ONE);
        return Map.copyOf(byUnit);
    }
}
