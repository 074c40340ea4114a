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
        boolean longs = amount.bitLength() < Long.SIZE;
        for (Scale scale : scales) {
            longs &= scale.size.bitLength() < Long.SIZE && scale.size.signum() > 0;
        }
        return longs ? shortestExact(amount.longValue(), scales) : shortestExactWide(amount, scales);
    }

    /** {@link #shortestExact(BigInteger, List)} in BigDecimal: any amount and scale. */
    static String shortestExactWide(BigInteger amount, List<Scale> scales) {
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

    /**
     * {@link #shortestExact(BigInteger, List)} in long arithmetic, the same text: every result name
     * carries a size, and BigDecimal division was a sixth of what compare spent on 100,000 results
     * a side (benchmarks/compare-scale). The quotient's digits are the long division's; a size of
     * at most 2^63 has a finite expansion of at most 63 digits when it has one at all.
     */
    private static String shortestExact(long amount, List<Scale> scales) {
        String best = null;
        for (Scale scale : scales) {
            long size = scale.size.longValue();
            if (amount != 0 && size > amount) {
                continue;
            }
            StringBuilder text = new StringBuilder().append(amount / size);
            long rest = amount % size;
            if (rest != 0) {
                text.append('.');
                for (int digits = 0; rest != 0 && digits < Long.SIZE; digits++) {
                    if (rest > Long.MAX_VALUE / 10) {
                        // Past a long: BigDecimal, as before.
                        return shortestExactWide(BigInteger.valueOf(amount), scales);
                    }
                    rest *= 10;
                    text.append(rest / size);
                    rest %= size;
                }
                if (rest != 0) {
                    continue; // no finite decimal form in this scale
                }
            }
            String candidate = text.append(scale.symbol).toString();
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
