package dev.xfer.app.bandwidth;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Data that came back different from what was sent.
 *
 * @param configuration which copies moved it, e.g. {@code pinned h2d+d2h 16777216 B}
 * @param offset        the first wrong byte
 * @param numaNode      the node host memory was placed on; empty when nothing was placed
 */
public record VerificationFailure(String configuration, long offset, byte expected, byte actual, OptionalInt numaNode) {

    public VerificationFailure {
        Objects.requireNonNull(numaNode, "numaNode");
    }

    /** A failure measured without placement. */
    public VerificationFailure(String configuration, long offset, byte expected, byte actual) {
        this(configuration, offset, expected, actual, OptionalInt.empty());
    }

    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s%s: first wrong byte at offset %d (expected 0x%02x, got 0x%02x)",
                configuration, numaNode.isPresent() ? " on node " + numaNode.getAsInt() : "", offset, expected & 0xff,
                actual & 0xff);
    }
}
