package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.stats.Summarized;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

import static dev.xfer.app.output.MultiDeviceFixtures.h200At;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pattern round whose timer gave NaN: a failed result with its reason in every output, never a figure, never exit 70. */
class UnmeasuredPatternTest {
    private static final List<Integer> TWO = List.of(0, 1);
    private static final String REASON = "sample 1 of 2 was NaN s: the timer gave no time";

    /** The fixture's rounds, with GPU 1's all-to-host round timed as NaN. */
    private static List<PatternResult> results() {
        return PatternFixtures.results().stream().map(r -> r.gpu() != 1 || !r.form().equals("all-to-host") ? r
                : new PatternResult(r.form(), r.direction(), r.path(), r.bytes(), r.gpu(), r.others(), r.copies(),
                        Summarized.ofRates(r.bytes(), new double[] {Double.NaN, 0.01}), r.aggregateGbps(), r.verified()))
                .toList();
    }

    @Test
    void theRoundFailsWithTheReasonInJUnitAndExpect() {
        String name = PatternResult.name("all-to-host", dev.xfer.app.bandwidth.CopyPath.DRIVER, PatternFixtures.MIB512, 1);
        UnmeasuredResults.assertFailedWith(PatternRow.runResults(results()), name, REASON,
                PatternPlan.declarations(PatternFixtures.plans(), TWO));
        UnmeasuredResults.assertFailedWith(PatternRow.runResults(results()), name + ".aggregate", REASON,
                PatternPlan.declarations(PatternFixtures.plans(), TWO));
    }

    @Test
    void theTextAndCsvSayItHasNoFigure() {
        String text = PatternText.render(List.of("device 0", "device 1"), TWO, results(), List.of(), List.of());
        assertTrue(text.contains("FAILED: all-to-host 536870912 B on GPU 1: not measured: " + REASON + "\n"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("all-to-host") && l.endsWith("not measured")), text);
        String csv = PatternCsv.render(results());
        assertTrue(csv.lines().anyMatch(l -> l.equals("all-to-host,driver,d2h,536870912,1,0,2,,,,,,,,,0,true")), csv);
    }

    @Test
    void theDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        DevicesDocument document = PatternRun.document(
                List.of(ResultsFixtures.context(h200At(0, 0x17, 0)), ResultsFixtures.context(h200At(1, 0x97, 1))), TWO,
                PatternFixtures.plans(), ResultsFixtures.bandwidthPlan(), results(), List.of());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "patterns with an unmeasured round");
        PatternExtras extras = (PatternExtras) document.extras();
        assertEquals(List.of(FailureRow.unmeasured("all-to-host 536870912 B on GPU 1", OptionalInt.empty(), REASON)),
                extras.failures());
        assertEquals(3, extras.patterns().size(), "no row for the round");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
