package dev.xfer.app.bandwidth;

import dev.xfer.app.output.UnmeasuredRow;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A configuration that ran but whose samples give no figure to judge: the timer gave NaN, or no
 * time at all. A failed result with its reason, never a row of figures that could pass.
 *
 * @param reason   why, in plain words ({@code sample 3 of 10 was NaN s: the timer gave no time})
 * @param numaNode the node host memory was placed on; empty when nothing was placed
 */
public record Unmeasured(MeasuredMemory memory, RowDirection direction, long bytes, CopyPath copy, Optional<LaunchShape> shape,
                         OptionalInt numaNode, String reason, OptionalInt pieces) {
    /** A configuration whose buffer is one copy (every path but batch-api). */
    public Unmeasured(MeasuredMemory memory, RowDirection direction, long bytes, CopyPath copy, Optional<LaunchShape> shape,
                      OptionalInt numaNode, String reason) {
        this(memory, direction, bytes, copy, shape, numaNode, reason, OptionalInt.empty());
    }


    public Unmeasured {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(reason, "reason");
    }

    /** The configuration as {@link BandwidthResult#configuration()} names it, e.g. {@code pinned kernel 132 blocks h2d 4096 B}. */
    public String configuration() {
        return new ConfigurationLabel(memory.label(), copy, shape, direction.label(), bytes, pieces).text();
    }

    /** One line: the configuration, where it was placed, and why it has no figure. */
    public String describe() {
        return UnmeasuredRow.words(configuration() + (numaNode.isPresent() ? " on node " + numaNode.getAsInt() : ""),
                reason);
    }
}
