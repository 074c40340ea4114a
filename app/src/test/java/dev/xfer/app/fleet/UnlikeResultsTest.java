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
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().startsWith("xfer: no result of src/test/resources/h200/overlap-4.json matches one of"), run.err());
        XferRun same = XferRun.of("compare", "--fail-on-regression", "50%", "src/test/resources/h200/overlap-4.json",
                "src/test/resources/h200/overlap-4.json");
        assertEquals(0, same.exitCode(), same.out() + same.err());
    }
}
