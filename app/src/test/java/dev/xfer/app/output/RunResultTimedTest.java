package dev.xfer.app.output;

import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A JUnit case's time, from its result's own figures. */
class RunResultTimedTest {
    @Test
    void aTimeIsTheSumOfItsSamples() {
        // 20 copies of a mean 250 us: 5 ms.
        Result copy = Result.shown(Identity.of("bandwidth", "microseconds").with(IdentityField.BYTES, 1 << 20).build(),
                new Summary(240, 200, 400, 250, 10, 20), CheckOutcome.PASSED);
        assertEquals(Duration.ofMillis(5), RunResult.timed(copy));
    }

    @Test
    void aBandwidthIsCountTimesSizeOverItsMedianRate() {
        // 10 copies of 50 MB at a median 50 GB/s: 10 ms.
        Result rate = Result.shown(Identity.of("bandwidth", "gbps").with(IdentityField.BYTES, 50_000_000).build(),
                new Summary(50, 40, 55, 49, 1, 10), CheckOutcome.PASSED);
        assertEquals(Duration.ofMillis(10), RunResult.timed(rate));
    }

    @Test
    void aFigureThatSaysNothingOfTimeIsZero() {
        Result ratio = Result.shown(Identity.of("overlap", "speedup").build(), Summary.single(2.1), CheckOutcome.PASSED);
        assertEquals(Duration.ZERO, RunResult.timed(ratio));
        Result noSize = Result.shown(Identity.of("bandwidth", "gbps").build(), new Summary(50, 40, 55, 49, 1, 10),
                CheckOutcome.PASSED);
        assertEquals(Duration.ZERO, RunResult.timed(noSize));
    }
}
