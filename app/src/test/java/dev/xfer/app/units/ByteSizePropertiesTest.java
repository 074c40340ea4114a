package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

class ByteSizePropertiesTest {

    private record Multiple(long count, String unit, long unitBytes) {
    }

    private static final List<Multiple> UNITS = List.of(
            new Multiple(0, "B", 1L),
            new Multiple(0, "KB", 1_000L),
            new Multiple(0, "MB", 1_000_000L),
            new Multiple(0, "GB", 1_000_000_000L),
            new Multiple(0, "TB", 1_000_000_000_000L),
            new Multiple(0, "KiB", 1L << 10),
            new Multiple(0, "MiB", 1L << 20),
            new Multiple(0, "GiB", 1L << 30),
            new Multiple(0, "TiB", 1L << 40));

    @Property
    void formatParsesBackToTheSameSize(@ForAll @LongRange(min = 1) long bytes) {
        ByteSize size = ByteSize.ofBytes(bytes);
        assertEquals(size, ByteSize.parse(size.format()));
    }

    @Property
    void formatOfAMultipleOfAUnitParsesBack(@ForAll("multiples") Multiple m) {
        ByteSize size = ByteSize.ofBytes(m.count() * m.unitBytes());
        assertEquals(size, ByteSize.parse(size.format()));
    }

    @Property
    void formatIsNoLongerThanPlainBytesOrTheWrittenMultiple(@ForAll("multiples") Multiple m) {
        String formatted = ByteSize.ofBytes(m.count() * m.unitBytes()).format();
        assertTrue(formatted.length() <= (m.count() * m.unitBytes() + "B").length());
        assertTrue(formatted.length() <= (m.count() + m.unit()).length(),
                () -> formatted + " is longer than " + m.count() + m.unit());
    }

    @Property
    void parsesAMultipleOfAUnitInAnyCaseWithOrWithoutASpace(
            @ForAll("multiples") Multiple m, @ForAll boolean upper, @ForAll boolean space) {
        String unit = upper ? m.unit().toUpperCase(Locale.ROOT) : m.unit().toLowerCase(Locale.ROOT);
        String text = m.count() + (space ? " " : "") + unit;
        assertEquals(m.count() * m.unitBytes(), ByteSize.parse(text).bytes());
    }

    @Provide
    Arbitrary<Multiple> multiples() {
        return Arbitraries.of(UNITS).flatMap(unit -> Arbitraries.longs()
                .between(1, Long.MAX_VALUE / unit.unitBytes())
                .map(count -> new Multiple(count, unit.unit(), unit.unitBytes())));
    }

    @Property
    void parsesEveryLongWithoutUnit(@ForAll @LongRange(min = 1) long bytes) {
        assertEquals(bytes, ByteSize.parse(Long.toString(bytes)).bytes());
    }

    @Property
    void errorMessagesAreOneLineAndNameTheInput(@ForAll("garbage") String text) {
        try {
            ByteSize.parse(text);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("invalid size '"), e.getMessage());
            assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> garbage() {
        return Combinators.combine(
                        Arbitraries.strings().withChars("0123456789.-+ \n\r\tkKmMgGtTiIbBxX\u0001")
                                .ofMaxLength(12),
                        Arbitraries.strings().ofMaxLength(4))
                .as(String::concat);
    }
}
