package dev.xfer.app.format;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rates for people: no measured nonzero value prints as zero, and ordinary ones print as before. */
class DecimalsTest {

    @Test
    void examples() {
        // a 1-byte and a 3-byte copy on the H200 (GB/s), then the usual rates
        assertEquals("0.00022", Decimals.fixed(2.2321427975245529E-4, 2));
        assertEquals("0.00083", Decimals.fixed(8.296460039346833E-4, 2));
        assertEquals("0.012", Decimals.fixed(0.0123, 2));
        assertEquals("0.10", Decimals.fixed(0.0999, 2));
        assertEquals("0.98", Decimals.fixed(0.98, 2));
        assertEquals("54.87", Decimals.fixed(54.8671, 2));
        assertEquals("0.00", Decimals.fixed(0, 2));
        assertEquals("-0.00031", Decimals.fixed(-3.1e-4, 2));
        assertEquals("0.00035", Decimals.fixed(3.542218794899803E-4, 1));
        assertEquals("1.6", Decimals.fixed(1.6, 1));
        assertEquals("0.50", Decimals.fixed(0.5, 1));
        assertEquals("NaN", Decimals.fixed(Double.NaN, 2));
        assertEquals("Infinity", Decimals.fixed(Double.POSITIVE_INFINITY, 2));
    }

    @Property(tries = 2000)
    void noNonzeroValuePrintsAsZero(@ForAll @DoubleRange(min = 1, max = 10, maxIncluded = false) @Scale(12) double mantissa,
                                    @ForAll @IntRange(min = -15, max = 5) int exponent,
                                    @ForAll @IntRange(min = 0, max = 4) int decimals) {
        double value = mantissa * Math.pow(10, exponent);
        String text = Decimals.fixed(value, decimals);
        double read = Double.parseDouble(text);
        assertTrue(read > 0, value + " printed as " + text);
        assertTrue(text.chars().anyMatch(c -> c >= '1' && c <= '9'), value + " printed as " + text);
        assertTrue(!text.contains("E") && !text.contains("e"), "plain notation: " + text);
    }

    @Property(tries = 2000)
    void atLeastTwoSignificantDigitsOrTheUsualDecimals(
            @ForAll @DoubleRange(min = 1, max = 10, maxIncluded = false) @Scale(12) double mantissa,
            @ForAll @IntRange(min = -15, max = 5) int exponent, @ForAll @IntRange(min = 0, max = 4) int decimals) {
        double value = mantissa * Math.pow(10, exponent);
        String text = Decimals.fixed(value, decimals);
        double read = Double.parseDouble(text);
        if (value >= Math.pow(10, 1 - decimals)) {
            assertEquals(String.format(Locale.ROOT, "%." + decimals + "f", value), text);
        } else {
            // two significant digits: within 5% of the value, and two digits after the leading zeros
            assertTrue(Math.abs(read - value) <= 0.05 * value, value + " printed as " + text);
            assertEquals(2, text.replace(".", "").replaceFirst("^0+", "").length(), value + " printed as " + text);
        }
    }
}
