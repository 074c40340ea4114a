package dev.xfer.app.output;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A row's results as its record tells them: the plan's fields under the row's, what the row's
 * place says over both, one result per figure in the order told, tallies last; and what a type
 * cannot refuse, refused by the field's path.
 */
class RowFiguresTest {
    private static final Summary RATE = new Summary(25.0, 24.0, 26.0, 25.0, 0.5, 10);

    private static RowScope scope() {
        return RowScope.of("results[3]", "bandwidth", Map.of(IdentityField.MEMORY, "pageable",
                IdentityField.TIMER, "wall"));
    }

    @Test
    void theRowsFieldsReplaceThePlansAndThePlaceReplacesBoth() {
        List<Result> results = scope().given(Map.of(IdentityField.DIRECTION, "p2p")).figures()
                .word(IdentityField.MEMORY, "memory", "pinned").word(IdentityField.DIRECTION, "direction", "h2d")
                .count(IdentityField.BYTES, "bytes", 1024).verified(true)
                .rate("gbps", RATE).figure("microseconds", RATE).results();
        assertEquals(2, results.size());
        Result rate = results.getFirst();
        assertEquals("pinned", rate.identity().memory().orElseThrow());
        assertEquals("p2p", rate.identity().direction().orElseThrow());
        assertEquals("wall", rate.identity().word(IdentityField.TIMER).orElseThrow());
        assertEquals("gbps", rate.identity().measured());
        assertEquals("microseconds", results.get(1).identity().measured());
        assertEquals(25e9, rate.measured().orElseThrow().median());
        assertEquals(CheckOutcome.PASSED, rate.check());
    }

    @Test
    void aPartOtherThanTheCommandIsNamedAndATallyComesLast() {
        RowScope smoke = RowScope.of("devices[0].results[5]", "smoke", Map.of());
        List<Result> results = smoke.asPart("check").figures().word(IdentityField.SCENARIO, "scenario", "d2h-sync")
                .verdict("broken").tally("wrongTrials", 3).figure("milliseconds", RATE).results();
        assertEquals(List.of("milliseconds", "wrongTrials"), results.stream().map(r -> r.identity().measured()).toList());
        assertEquals("check", results.getFirst().identity().word(IdentityField.PART).orElseThrow());
        assertTrue(results.getFirst().check().failed());
        assertFalse(smoke.asPart("smoke").figures().figure("milliseconds", RATE).results().getFirst().identity()
                .word(IdentityField.PART).isPresent());
    }

    @Test
    void whatATypeCannotSayIsRefusedByItsPath() {
        assertEquals("results[3].memory: expected a word of a-z, 0-9 and '-', got text \"streams4\"",
                assertThrows(BindingException.class, () -> scope().figures()
                        .word(IdentityField.MEMORY, "memory", "streams4")).getMessage());
        assertEquals("results[3].numaNode: expected a whole number from 0 to 1023, got 4096",
                assertThrows(BindingException.class, () -> scope().figures()
                        .count(IdentityField.NUMA_NODE, "numaNode", 4096)).getMessage());
        assertEquals("parameters.batches: expected a whole number from 1 to 2147483647, got 0",
                assertThrows(BindingException.class, () -> new IdentityFields("parameters.")
                        .count(IdentityField.COUNT, "batches", 0)).getMessage());
        Summary none = new Summary(0, 0, 0, 0, 0, 10);
        assertEquals("results[3].gbps.median: expected a rate above 0 beside verified: true, got the number 0",
                assertThrows(BindingException.class, () -> scope().figures().verified(true).rate("gbps", none)
                        .results()).getMessage());
        // Data that came back wrong may come with no rate: the row fails on its check, not its figure.
        assertTrue(scope().figures().verified(false).rate("gbps", none).results().getFirst().check().failed());
        Summary beyond = new Summary(1e300, 1, 1e300, 1, 0, 10);
        assertTrue(assertThrows(BindingException.class, () -> scope().figures().rate("gbps", beyond).results())
                .getMessage().startsWith("results[3].gbps.median: expected a finite number up to "));
    }
}
