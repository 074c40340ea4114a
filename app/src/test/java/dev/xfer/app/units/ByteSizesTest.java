package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteSizesTest {

    private static List<ByteSize> sizes(String... texts) {
        return Arrays.stream(texts).map(ByteSize::parse).toList();
    }

    @Test
    void parsesAListInOrder() {
        assertEquals(sizes("16MiB", "4KiB", "4KiB"), ByteSizes.parseList("16MiB, 4KiB ,4096"));
        assertEquals(sizes("1B"), ByteSizes.parseList("1"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "''            | invalid size list '': it is empty",
            "4KiB,         | invalid size list '4KiB,': element 2 is empty",
            "4KiB,,8KiB    | invalid size list '4KiB,,8KiB': element 2 is empty",
            "',4KiB'       | invalid size list ',4KiB': element 1 is empty",
            "4KiB,0        | invalid size '0': a size must be at least 1 byte",
            "4KiB,16XB     | invalid size '16XB': unknown unit 'XB' (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)",
    })
    void rejectsBadLists(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> ByteSizes.parseList(text)).getMessage());
    }

    @Test
    void sweepsPowersOfTwoInclusive() {
        assertEquals(sizes("4KiB", "8KiB", "16KiB", "32KiB", "64KiB"),
                ByteSizes.sweep("4KiB..64KiB"));
        assertEquals(30 - 12 + 1, ByteSizes.sweep("4KiB..1GiB").size());
        assertEquals(sizes("1GiB"), ByteSizes.sweep("1GiB..1GiB"));
        assertEquals(sizes("1", "2", "4"), ByteSizes.sweep("1..7"));
    }

    @Test
    void sweepFromANonPowerOfTwoDoublesFromThere() {
        assertEquals(sizes("3KiB", "6KiB", "12KiB"), ByteSizes.sweep("3KiB..16KiB"));
        assertEquals(sizes("1000", "2000"), ByteSizes.sweep("1KB .. 3999"));
    }

    @Test
    void sweepStopsBeforeOverflow() {
        List<ByteSize> sweep = ByteSizes.sweep("1B.." + Long.MAX_VALUE);
        assertEquals(63, sweep.size());
        assertEquals(1L << 62, sweep.getLast().bytes());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "1GiB..4KiB    | invalid size sweep '1GiB..4KiB': FROM (1GiB) is larger than TO (4KiB)",
            "4KiB..        | invalid size sweep '4KiB..': expected FROM..TO, such as 4KiB..1GiB",
            "..4KiB        | invalid size sweep '..4KiB': expected FROM..TO, such as 4KiB..1GiB",
            "4KiB...8KiB   | invalid size sweep '4KiB...8KiB': expected FROM..TO, such as 4KiB..1GiB",
            "1..2..4       | invalid size sweep '1..2..4': expected FROM..TO, such as 4KiB..1GiB",
            "4KiB          | invalid size sweep '4KiB': expected FROM..TO, such as 4KiB..1GiB",
            "0..4KiB       | invalid size '0': a size must be at least 1 byte",
            "4KiB..-1      | invalid size '-1': a size cannot be negative",
    })
    void rejectsBadSweeps(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> ByteSizes.sweep(text)).getMessage());
    }

    @Test
    void parseChoosesSweepOrList() {
        assertEquals(sizes("4KiB", "8KiB"), ByteSizes.parse("4KiB..8KiB"));
        assertEquals(sizes("4KiB", "1MiB"), ByteSizes.parse("4KiB,1MiB"));
    }

    @Property
    void sweepFromAPowerOfTwoGivesEveryPowerOfTwoInRange(
            @ForAll @LongRange(min = 1) long a, @ForAll @LongRange(min = 1) long b) {
        long from = Long.highestOneBit(Math.min(a, b));
        long to = Math.max(a, b);
        List<ByteSize> sweep = ByteSizes.sweep(ByteSize.ofBytes(from), ByteSize.ofBytes(to));
        int expected = 63 - Long.numberOfLeadingZeros(to) - Long.numberOfTrailingZeros(from) + 1;
        assertEquals(expected, sweep.size());
        for (ByteSize size : sweep) {
            assertTrue(Long.bitCount(size.bytes()) == 1 && size.bytes() >= from && size.bytes() <= to);
        }
    }

    @Property
    void sweepStartsAtFromAndDoublesWithinRange(
            @ForAll @LongRange(min = 1) long a, @ForAll @LongRange(min = 1) long b) {
        ByteSize from = ByteSize.ofBytes(Math.min(a, b));
        ByteSize to = ByteSize.ofBytes(Math.max(a, b));
        List<ByteSize> sweep = ByteSizes.sweep(from, to);
        assertEquals(from, sweep.getFirst());
        for (int i = 1; i < sweep.size(); i++) {
            assertEquals(2 * sweep.get(i - 1).bytes(), sweep.get(i).bytes());
        }
        long last = sweep.getLast().bytes();
        assertTrue(last <= to.bytes() && last > to.bytes() / 2);
    }
}
