package dev.xfer.app.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * A unit symbol and how many base units it holds, e.g. {@code MiB} = 1048576 bytes.
 *
 * @param symbol how the unit is written
 * @param size   base units per one of this unit
 */
record Scale(String symbol, BigInteger size) {

    Scale(String symbol, long size) {
        this(symbol, BigInteger.valueOf(size));
    }

    /**
     * Returns the shortest text that states {@code amount} base units exactly, such as
     * {@code 16MiB} or {@code 1.5s}.
     *
     * <p>Ties go to the scale listed first, so the choice is deterministic. A scale is skipped
     * where the amount in it has no finite decimal form (100 seconds in hours).
     *
     * @param amount a non-negative amount of base units
     * @param scales candidates in order of preference; the base unit must be among them
     */
    static String shortestExact(BigInteger amount, List<Scale> scales) {
        String best = null;
        for (Scale scale : scales) {
            if (amount.signum() != 0 && scale.size.compareTo(amount) > 0) {
                continue; // "0.5KiB" is never shorter than "512B"
            }
            BigDecimal inScale;
            try {
                inScale = new BigDecimal(amount).divide(new BigDecimal(scale.size));
            } catch (ArithmeticException nonTerminating) {
                continue;
            }
            String candidate = inScale.stripTrailingZeros().toPlainString() + scale.symbol;
            if (best == null || candidate.length() < best.length()) {
                best = candidate;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no scale fits " + amount);
        }
        return best;
    }
}
