package dev.xfer.app.fleet;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How fleet and compare print numbers: four significant digits, plain notation. */
final class Numbers {
    private Numbers() {
    }

    static String text(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    static String z(double z) {
        return Double.isInfinite(z) ? (z > 0 ? "inf" : "-inf") : String.format(Locale.ROOT, "%.1f", z);
    }
}
