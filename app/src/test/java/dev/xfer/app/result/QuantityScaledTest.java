package dev.xfer.app.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Scaling by a power of ten in one IEEE operation rounds as the exact BigDecimal product does. */
class QuantityScaledTest {
    @Property(tries = 5000)
    void oneOperationIsTheExactProductRounded(@ForAll double value, @ForAll @IntRange(min = -22, max = 22) int exponent) {
        double exact = Double.isFinite(value) && exponent != 0
                ? new BigDecimal(value).scaleByPowerOfTen(exponent).doubleValue() : value;
        assertEquals(exact, Quantity.scaled(value, exponent), value + "e" + exponent);
    }

    @Property(tries = 5000)
    void figuresAsDocumentsHoldThem(@ForAll @IntRange(min = 1, max = 100_000_000) int micro,
                                    @ForAll @IntRange(min = -9, max = 9) int exponent) {
        double value = micro / 1000.0;
        assertEquals(new BigDecimal(value).scaleByPowerOfTen(exponent).doubleValue(), Quantity.scaled(value, exponent));
    }

    @Test
    void edges() {
        assertEquals(1.0203e-3, Quantity.scaled(1020.3, -6));
        assertEquals(Double.MIN_VALUE, Quantity.scaled(Double.MIN_VALUE, 0));
        assertEquals(new BigDecimal(Double.MIN_VALUE).scaleByPowerOfTen(-3).doubleValue(), Quantity.scaled(Double.MIN_VALUE, -3));
        assertEquals(Double.POSITIVE_INFINITY, Quantity.scaled(Double.MAX_VALUE, 3));
        assertEquals(new BigDecimal(1.5).scaleByPowerOfTen(30).doubleValue(), Quantity.scaled(1.5, 30));
    }
}
