package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A host<->device configuration as people name it, in text FAILED lines, the status line and
 * verification messages: {@code pinned h2d 16777216 B}, {@code heap staged d2h 4096 B},
 * {@code pinned kernel 132 blocks bidir-h2d 4096 B}. Made in one place so the row, its failure and
 * what the run announced while measuring it name it alike.
 *
 * @param memory    the host memory kind's label, or {@code device} for d2d
 * @param direction h2d, d2h, bidir-h2d, ..., or what a check covers ({@code h2d+d2h})
 */
public record ConfigurationLabel(String memory, CopyPath copy, Optional<LaunchShape> shape, String direction,
                                 long bytes, OptionalInt pieces) {
    /** A configuration whose buffer is one copy (every path but batch-api). */
    public ConfigurationLabel(String memory, CopyPath copy, Optional<LaunchShape> shape, String direction, long bytes) {
        this(memory, copy, shape, direction, bytes, OptionalInt.empty());
    }

    /** A configuration of host memory {@code memory}: named by its label. */
    static ConfigurationLabel of(HostMemoryKind memory, CopyPath copy, Optional<LaunchShape> shape, String direction,
                                 long bytes) {
        return new ConfigurationLabel(memory.label(), copy, shape, direction, bytes);
    }

    /**
     * The memory and, off the driver's path, the path: {@code pinned}, {@code pageable staged},
     * and for a kernel its grid: {@code pinned kernel 132 blocks}.
     */
    public String path() {
        return !copy.namedInLabels() ? memory : memory + " " + copy.label() + shape.map(s -> " " + s.blocks()
                + " blocks").orElse("") + (pieces.isPresent() ? " " + pieces.getAsInt() + " pieces" : "");
    }

    /** The whole name: {@code pinned kernel 132 blocks h2d 4096 B}. */
    public String text() {
        return path() + " " + direction + " " + bytes + " B";
    }
}
