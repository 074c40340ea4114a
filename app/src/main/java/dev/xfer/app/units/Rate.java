package dev.xfer.app.units;

/**
 * Transfer-rate arithmetic. Rates are in GB/s with decimal gigabytes (10<sup>9</sup> bytes), the
 * unit in which PCIe and NVLink bandwidth is quoted, so measured rates and link rates compare
 * directly.
 */
public final class Rate {

    private static final double BYTES_PER_GIGABYTE = 1e9;

    private Rate() {
    }

    /**
     * Returns {@code bytes / seconds / 1e9}.
     *
     * @throws IllegalArgumentException when {@code bytes} is negative or {@code seconds} is not a
     *         finite number greater than zero
     */
    public static double gigabytesPerSecond(long bytes, double seconds) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(
                    "seconds must be finite and greater than zero, got " + seconds);
        }
        return bytes / seconds / BYTES_PER_GIGABYTE;
    }

    /**
     * Returns what percentage of a link's rate a measured rate reaches: {@code 100 * rate / link}.
     * Above 100 is possible (a link rate that is too low, or caching) and is returned as is.
     *
     * @throws IllegalArgumentException when {@code gigabytesPerSecond} is negative or not finite,
     *         or {@code linkGigabytesPerSecond} is not a finite number greater than zero
     */
    public static double percentOfLink(double gigabytesPerSecond, double linkGigabytesPerSecond) {
        if (!(gigabytesPerSecond >= 0) || Double.isInfinite(gigabytesPerSecond)) {
            throw new IllegalArgumentException(
                    "rate must be finite and not negative, got " + gigabytesPerSecond);
        }
        if (!(linkGigabytesPerSecond > 0) || Double.isInfinite(linkGigabytesPerSecond)) {
            throw new IllegalArgumentException(
                    "link rate must be finite and greater than zero, got " + linkGigabytesPerSecond);
        }
        return 100 * gigabytesPerSecond / linkGigabytesPerSecond;
    }
}
