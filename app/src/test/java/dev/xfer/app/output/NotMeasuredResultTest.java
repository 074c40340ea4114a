package dev.xfer.app.output;

import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A configuration that gave no figure is said by the record's type, with its reason, never by a NaN figure. */
class NotMeasuredResultTest {
    private static final Identity TIME = Identity.of("pipeline", "milliseconds").build();
    private static final String WHY = "sample 2 of 5 was NaN ms: the timer gave no time";

    @Test
    void samplesWithNoSummaryGiveAFailedResultHoldingTheReason() {
        RunResult r = RunResult.configuration("pipeline.buffers-2",
                RunResult.measured(TIME, new Summarized.Unsummarizable(WHY), CheckOutcome.PASSED), "pipeline.buffers-2");
        assertEquals(new Summarized.Unsummarizable(WHY), r.result().summary());
        assertEquals(Optional.empty(), r.result().measured());
        assertEquals(Optional.empty(), r.result().displayed());
        assertEquals(CheckOutcome.failed(WHY), r.result().check());
        assertTrue(Double.isNaN(r.metric().value()), "every expectation on it fails");
        assertEquals("not measured", r.measuredConfiguration().orElseThrow().summary());
        List<String> row = ResultCsv.row(0, r);
        assertEquals(List.of("0", "", "", "", "", "", "", "false", WHY),
                row.subList(row.size() - 9, row.size()), "no count, no figures, and why: " + row);
    }

    @Test
    void aFigureThatIsNotANumberIsNotMeasuredAndKeepsItsCheck() {
        Identity error = Identity.of("pipeline", "maxError").build();
        RunResult.Measured nan = RunResult.single(error, Double.NaN, CheckOutcome.NOT_CHECKED);
        assertEquals(Optional.of("maxError was NaN"), nan.result().summary().whyNot());
        assertEquals(CheckOutcome.NOT_CHECKED, nan.result().check());
        RunResult.Measured four = RunResult.single(error, 4, CheckOutcome.NOT_CHECKED);
        assertEquals(Summary.single(4), four.shown());
        assertEquals(Optional.of(Summary.single(4)), four.result().measured());
    }

    @Test
    void aNotMeasuredConfigurationKeepsTheCheckItWasGiven() {
        CheckOutcome unavailable = CheckOutcome.notChecked("unavailable: no cudaMemcpyBatchAsync");
        RunResult.Measured m = RunResult.notMeasured(TIME, "unavailable: no cudaMemcpyBatchAsync", unavailable);
        assertEquals(unavailable, m.result().check());
        assertEquals(Optional.of("unavailable: no cudaMemcpyBatchAsync"), m.shown().whyNot());
    }
}
