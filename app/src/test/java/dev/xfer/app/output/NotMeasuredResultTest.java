package dev.xfer.app.output;

import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.RunNames;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A configuration that gave no figure is said by the record's type, with its reason, never by a NaN figure. */
class NotMeasuredResultTest {
    private static final String WHY = "sample 2 of 5 was NaN ms: the timer gave no time";
    /** Every result under the measured field's name, each row standing for pipeline.buffers-2. */
    private static final RunNames NAMES = new RunNames() {
        @Override
        public Optional<String> name(Identity identity) {
            return Optional.of("pipeline." + identity.measured());
        }

        @Override
        public String configuration(Identity identity) {
            return "pipeline.buffers-2";
        }
    };

    private static RowFigures row() {
        return RowScope.of("results", "pipeline", Map.of()).figures();
    }

    @Test
    void samplesWithNoSummaryGiveAFailedResultHoldingTheReason() {
        RunResult r = RunResult.of(row().verified(true).unmeasured("milliseconds", WHY), NAMES, OptionalDouble.empty())
                .getFirst();
        assertEquals(new Summarized.Unsummarizable(WHY), r.result().summary());
        assertEquals(Optional.empty(), r.result().measured());
        assertEquals(Optional.empty(), r.result().displayed());
        assertEquals(CheckOutcome.failed(WHY), r.result().check(), "its data checked out, yet it failed");
        assertTrue(Double.isNaN(r.metric().value()), "every expectation on it fails");
        assertEquals("not measured", r.measuredConfiguration().orElseThrow().summary());
        List<String> csv = ResultCsv.row(0, r);
        assertEquals(List.of("0", "", "", "", "", "", "", "false", WHY),
                csv.subList(csv.size() - 9, csv.size()), "no count, no figures, and why: " + csv);
    }

    @Test
    void aDerivedFigureThatIsNotANumberIsNotMeasuredAndChecksNothing() {
        List<RunResult> results = RunResult.of(row().withinTolerance(false).figure("milliseconds", Summary.single(200))
                .derived("maxError", Double.NaN).derived("perBatchMs", 4), NAMES, OptionalDouble.empty());
        assertEquals(CheckOutcome.failed("error above tolerance"), results.getFirst().result().check());
        RunResult nan = results.get(1);
        assertEquals(Optional.of("maxError was NaN"), nan.result().summary().whyNot());
        assertEquals(CheckOutcome.NOT_CHECKED, nan.result().check());
        assertEquals(Optional.empty(), nan.configuration(), "a figure of the configuration, not one of its own");
        RunResult four = results.get(2);
        assertEquals(Summary.single(4), four.measured().shown());
        assertEquals(CheckOutcome.NOT_CHECKED, four.result().check());
    }

    @Test
    void aNotMeasuredConfigurationKeepsTheCheckItWasGiven() {
        String why = "unavailable: no cudaMemcpyBatchAsync";
        CheckOutcome unavailable = CheckOutcome.notChecked(why);
        List<RunResult> results = RunResult.figures(row().unmeasured("milliseconds", why).checked(unavailable)
                .underived("gbps", why), NAMES);
        assertEquals(unavailable, results.getFirst().result().check());
        assertEquals(Optional.of(why), results.getFirst().measured().shown().whyNot());
        assertEquals(CheckOutcome.NOT_CHECKED, results.get(1).result().check());
        assertEquals(Optional.of(why), results.get(1).measured().shown().whyNot());
        assertTrue(results.stream().allMatch(r -> r.configuration().isEmpty()), "no configuration that passed");
    }
}
