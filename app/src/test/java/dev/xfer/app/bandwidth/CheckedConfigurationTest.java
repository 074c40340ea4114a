package dev.xfer.app.bandwidth;

import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A failed check finds its rows by the configuration it covered, never by the words it is written in. */
class CheckedConfigurationTest {
    private static final long SIZE = 16L << 20;
    private static final Summary RATE = Summary.of(new double[] {50.0});

    private static BandwidthResult row(HostMemoryKind memory, CopyPath copy, RowDirection direction,
                                       Optional<LaunchShape> shape, OptionalInt pieces, OptionalInt node) {
        return new BandwidthResult(MeasuredMemory.of(memory), direction, SIZE, RATE, RATE, OptionalDouble.empty(),
                false, node, Optional.empty(), copy, Optional.empty(), shape, Optional.empty(), pieces);
    }

    private static BandwidthResult row(HostMemoryKind memory, CopyPath copy, RowDirection direction) {
        return row(memory, copy, direction, Optional.empty(), OptionalInt.empty(), OptionalInt.empty());
    }

    private static VerificationFailure failure(CheckedConfiguration checked) {
        return VerificationFailure.of(checked, "", 7, (byte) 1, (byte) 2, OptionalInt.empty());
    }

    @Test
    void aRoundTripsFailureIsBothItsRowsAndNoOtherPathsOfTheSameMemory() {
        VerificationFailure driver = failure(CheckedConfiguration.roundTrip(HostMemoryKind.PINNED, CopyPath.DRIVER,
                Optional.empty(), OptionalInt.empty(), SIZE));
        assertEquals("pinned h2d+d2h 16777216 B", driver.configuration());
        assertTrue(driver.concerns(row(HostMemoryKind.PINNED, CopyPath.DRIVER, RowDirection.H2D)));
        assertTrue(driver.concerns(row(HostMemoryKind.PINNED, CopyPath.DRIVER, RowDirection.D2H)));
        assertFalse(driver.concerns(row(HostMemoryKind.PAGEABLE, CopyPath.DRIVER, RowDirection.H2D)));
        // Once a prefix of the words matched these: "pinned batch-api 4 pieces ..." starts with "pinned ".
        assertFalse(driver.concerns(row(HostMemoryKind.PINNED, CopyPath.BATCH_API, RowDirection.H2D, Optional.empty(),
                OptionalInt.of(4), OptionalInt.empty())));
        assertFalse(driver.concerns(row(HostMemoryKind.PINNED, CopyPath.TMA, RowDirection.H2D,
                Optional.of(LaunchShape.ofBlocks(4)), OptionalInt.empty(), OptionalInt.empty())));
        assertFalse(driver.concerns(row(HostMemoryKind.PINNED, CopyPath.DRIVER, RowDirection.H2D, Optional.empty(),
                OptionalInt.empty(), OptionalInt.of(1))), "another node's row");
    }

    @Test
    void aBidirLegsFailureIsThatLegsRowAlone() {
        Optional<LaunchShape> grid = Optional.of(LaunchShape.ofBlocks(8));
        VerificationFailure down = failure(CheckedConfiguration.of(MeasuredMemory.of(HostMemoryKind.PINNED),
                CopyPath.KERNEL, grid, RowDirection.BIDIR_D2H, SIZE));
        assertEquals("pinned kernel 8 blocks bidir-d2h 16777216 B", down.configuration());
        assertTrue(down.concerns(row(HostMemoryKind.PINNED, CopyPath.KERNEL, RowDirection.BIDIR_D2H, grid,
                OptionalInt.empty(), OptionalInt.empty())));
        assertFalse(down.concerns(row(HostMemoryKind.PINNED, CopyPath.KERNEL, RowDirection.BIDIR_H2D, grid,
                OptionalInt.empty(), OptionalInt.empty())));
        assertFalse(down.concerns(row(HostMemoryKind.PINNED, CopyPath.KERNEL, RowDirection.BIDIR_D2H,
                Optional.of(LaunchShape.ofBlocks(16)), OptionalInt.empty(), OptionalInt.empty())), "another grid");
    }

    @Test
    void aFailureInWordsAloneIsNoRowsOwn() {
        VerificationFailure words = new VerificationFailure("pinned h2d+d2h 16777216 B", 7, (byte) 1, (byte) 2);
        assertFalse(words.concerns(row(HostMemoryKind.PINNED, CopyPath.DRIVER, RowDirection.H2D)));
    }
}
