package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one data check of a bandwidth run covers: the buffer of one memory, path, grid and size,
 * and the rows whose bytes went through it (a round trip's h2d and d2h, one bidir leg, one d2d
 * copy). A failed check names it, so a row finds its failure by what it is, never by its text.
 *
 * @param directions the rows the check covers, never empty
 */
public record CheckedConfiguration(MeasuredMemory memory, CopyPath copy, Optional<LaunchShape> shape,
                                   OptionalInt pieces, Set<RowDirection> directions, long bytes) {
    public CheckedConfiguration {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(pieces, "pieces");
        if (directions.isEmpty()) {
            throw new IllegalArgumentException("a check covers one direction at least");
        }
        directions = Set.copyOf(EnumSet.copyOf(directions));
    }

    /** The check after a host round trip: the buffer went over and back, so it covers both directions' rows. */
    public static CheckedConfiguration roundTrip(HostMemoryKind memory, CopyPath copy, Optional<LaunchShape> shape,
                                                 OptionalInt pieces, long bytes) {
        return new CheckedConfiguration(MeasuredMemory.of(memory), copy, shape, pieces,
                EnumSet.of(RowDirection.H2D, RowDirection.D2H), bytes);
    }

    /** The check of one row's copy (a bidir leg, a device-local copy). */
    public static CheckedConfiguration of(MeasuredMemory memory, CopyPath copy, Optional<LaunchShape> shape,
                                          RowDirection direction, long bytes) {
        return new CheckedConfiguration(memory, copy, shape, OptionalInt.empty(), EnumSet.of(direction), bytes);
    }

    /** Whether {@code row}'s bytes went through this check (its node aside, which the failure holds). */
    public boolean covers(BandwidthResult row) {
        return row.memory().equals(memory) && row.copy() == copy && row.shape().equals(shape)
                && row.pieces().equals(pieces) && directions.contains(row.direction()) && row.bytes() == bytes;
    }

    /** As people name it ({@link ConfigurationLabel}): {@code pinned h2d+d2h 16777216 B}, {@code device d2d 4096 B}. */
    public String text() {
        String direction = EnumSet.copyOf(directions).stream().map(RowDirection::label).collect(Collectors.joining("+"));
        return new ConfigurationLabel(memory.label(), copy, shape, direction, bytes, pieces).text();
    }
}
