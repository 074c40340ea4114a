package dev.xfer.app.format;

import java.util.Locale;

/** Rounded figures for people; results always carry the exact number beside them. */
public final class Approximate {
    private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private Approximate() {
    }

    /** {@code 150109880320} -> {@code 139.8 GiB}. */
    public static String bytes(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, BINARY_UNITS[unit]);
    }
}
