package dev.xfer.app.bandwidth;

/**
 * Data that came back different from what was sent.
 *
 * @param configuration which copies moved it, e.g. {@code pinned h2d+d2h 16777216 B}
 * @param offset        the first wrong byte
 */
public record VerificationFailure(String configuration, long offset, byte expected, byte actual) {

    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s: first wrong byte at offset %d (expected 0x%02x, got 0x%02x)",
                configuration, offset, expected & 0xff, actual & 0xff);
    }
}
