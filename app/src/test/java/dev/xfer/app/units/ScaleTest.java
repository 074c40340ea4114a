package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The long-arithmetic path of {@link Scale#shortestExact} writes what the BigDecimal one writes. */
class ScaleTest {
    private static final long KIB = 1024;
    private static final List<Scale> BYTES = List.of(new Scale("TiB", KIB * KIB * KIB * KIB), new Scale("GiB", KIB * KIB * KIB),
            new Scale("MiB", KIB * KIB), new Scale("KiB", KIB), new Scale("TB", 1_000_000_000_000L),
            new Scale("GB", 1_000_000_000L), new Scale("MB", 1_000_000L), new Scale("KB", 1_000L), new Scale("B", 1));
    // Hours and minutes have no finite decimal form for most amounts: those scales must be skipped alike.
    private static final List<Scale> TIMES = List.of(new Scale("h", 3_600_000_000_000L), new Scale("m", 60_000_000_000L),
            new Scale("s", 1_000_000_000L), new Scale("ms", 1_000_000L), new Scale("us", 1_000L), new Scale("ns", 1));
    // A scale of 3 units: 1/3 has no finite decimal form.
    private static final List<Scale> THIRDS = List.of(new Scale("t", 3), new Scale("u", 1));

    @Property(tries = 3000)
    void anyAmountReadsAsBigDecimalWritesIt(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long amount) {
        for (List<Scale> scales : List.of(BYTES, TIMES, THIRDS)) {
            BigInteger big = BigInteger.valueOf(amount);
            assertEquals(Scale.shortestExactWide(big, scales), Scale.shortestExact(big, scales), amount + " in " + scales);
        }
    }

    @Property(tries = 3000)
    void sizesNearScalesReadAlike(@ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 4) int power, @ForAll @LongRange(min = -4096, max = 4096) long off,
                                  @ForAll @LongRange(min = 1, max = 4096) long times) {
        long amount = Math.max(0, times * (1L << (10 * power)) + off);
        BigInteger big = BigInteger.valueOf(amount);
        for (List<Scale> scales : List.of(BYTES, TIMES, THIRDS)) {
            assertEquals(Scale.shortestExactWide(big, scales), Scale.shortestExact(big, scales), amount + " in " + scales);
        }
    }

    @Test
    void examples() {
        assertEquals("16MiB", Scale.shortestExact(BigInteger.valueOf(16L << 20), BYTES));
        assertEquals("16777217B", Scale.shortestExact(BigInteger.valueOf((16L << 20) + 1), BYTES));
        assertEquals("1.5MiB", Scale.shortestExact(BigInteger.valueOf(1_572_864), BYTES));
        assertEquals("16000001B", Scale.shortestExact(BigInteger.valueOf(16_000_001), BYTES));
        assertEquals("16.5MB", Scale.shortestExact(BigInteger.valueOf(16_500_000), BYTES));
        assertEquals("0B", Scale.shortestExact(BigInteger.ZERO, BYTES));
        assertEquals("100s", Scale.shortestExact(BigInteger.valueOf(100_000_000_000L), TIMES));
        assertEquals("90m", Scale.shortestExact(BigInteger.valueOf(5_400_000_000_000L), TIMES));
        assertEquals("2h", Scale.shortestExact(BigInteger.valueOf(7_200_000_000_000L), TIMES));
        assertEquals("1.675m", Scale.shortestExact(BigInteger.valueOf(100_500_000_000L), TIMES));
        assertEquals("9223372036854775807B", Scale.shortestExact(BigInteger.valueOf(Long.MAX_VALUE), BYTES));
    }
}
