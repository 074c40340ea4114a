package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results that differ in an identity field (here overlap's streams) are different measurements: compare never pairs them. */
class UnlikeResultsTest {
    @Test
    void overlapAtFourStreamsIsNotComparedWithSixteen() {
        XferRun run = XferRun.of("compare", "--fail-on-regression", "5%", "src/test/resources/h200/overlap-4.json",
                "src/test/resources/h200/overlap-16.json");
        // Nothing is paired: the baseline's results are missing from the current run (which fails the
        // gate), and nothing is called a regression.
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("compare: 0 results,"), run.out());
        assertTrue(run.out().contains("MISSING ") && !run.out().contains("REGRESSION"), run.out());
        XferRun same = XferRun.of("compare", "--fail-on-regression", "50%", "src/test/resources/h200/overlap-4.json",
                "src/test/resources/h200/overlap-4.json");
        assertEquals(0, same.exitCode(), same.out() + same.err());
    }
}
