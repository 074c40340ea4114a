package dev.xfer.app.bandwidth;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Data that came back different from what was sent.
 *
 * @param configuration which copies moved it, e.g. {@code pinned h2d+d2h 16777216 B}
 * @param offset        the first wrong byte
 * @param numaNode      the node host memory was placed on; empty when nothing was placed
 * @param checked       for a check of a bandwidth run's own rows, what it covered: the rows it fails
 *                      are those it {@link #concerns}; empty for the checks of patterns, p2p and
 *                      concurrent runs, whose rows carry their own verdicts
 */
public record VerificationFailure(String configuration, long offset, byte expected, byte actual, OptionalInt numaNode,
                                  Optional<CheckedConfiguration> checked) {

    public VerificationFailure {
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(checked, "checked");
    }

    /** A failure named in words alone (a pattern's, a p2p pair's, a concurrent lane's). */
    public VerificationFailure(String configuration, long offset, byte expected, byte actual, OptionalInt numaNode) {
        this(configuration, offset, expected, actual, numaNode, Optional.empty());
    }

    /**
     * The failed check of {@code checked} on {@code numaNode}; {@code note} follows its name in words
     * (which of several host allocations: {@code " (allocation 2 of 3)"}), or is empty.
     */
    public static VerificationFailure of(CheckedConfiguration checked, String note, long offset, byte expected,
                                         byte actual, OptionalInt numaNode) {
        return new VerificationFailure(checked.text() + note, offset, expected, actual, numaNode, Optional.of(checked));
    }

    /** Whether this failure is {@code row}'s: its check covered the row's configuration, on the row's node. */
    public boolean concerns(BandwidthResult row) {
        return numaNode.equals(row.numaNode()) && checked.filter(c -> c.covers(row)).isPresent();
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
