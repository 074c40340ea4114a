package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class RateTest {

    @Test
    void dividesBytesBySecondsAndABillion() {
        assertEquals(1.0, Rate.gigabytesPerSecond(1_000_000_000L, 1.0));
        assertEquals(25.0, Rate.gigabytesPerSecond(1L << 30, (1L << 30) / 25e9), 1e-12);
        assertEquals(0.0, Rate.gigabytesPerSecond(0, 1.0));
    }

    @Test
    void rejectsImpossibleTimes() {
        assertThrows(IllegalArgumentException.class, () -> Rate.gigabytesPerSecond(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Rate.gigabytesPerSecond(1, -1));
        assertThrows(IllegalArgumentException.class, () -> Rate.gigabytesPerSecond(1, Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> Rate.gigabytesPerSecond(1, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> Rate.gigabytesPerSecond(-1, 1));
    }

    @Test
    void givesPercentOfLink() {
        assertEquals(50.0, Rate.percentOfLink(16, 32));
        assertEquals(125.0, Rate.percentOfLink(40, 32));
        assertEquals(0.0, Rate.percentOfLink(0, 32));
    }

    @Test
    void rejectsImpossibleLinkRates() {
        assertThrows(IllegalArgumentException.class, () -> Rate.percentOfLink(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Rate.percentOfLink(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Rate.percentOfLink(-1, 32));
        assertThrows(IllegalArgumentException.class, () -> Rate.percentOfLink(Double.NaN, 32));
        assertThrows(IllegalArgumentException.class,
                () -> Rate.percentOfLink(Double.POSITIVE_INFINITY, 32));
    }

    @Property
    void halvingTheTimeDoublesTheRate(@ForAll @LongRange(min = 1) long bytes,
                                      @ForAll @DoubleRange(min = 0.01, max = 1e6) double seconds) {
        double rate = Rate.gigabytesPerSecond(bytes, seconds);
        assertEquals(2 * rate, Rate.gigabytesPerSecond(bytes, seconds / 2), 2 * rate * 1e-15);
    }
}
