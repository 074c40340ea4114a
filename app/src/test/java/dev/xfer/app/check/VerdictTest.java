package dev.xfer.app.check;

import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wrong data in a synchronized scenario is a fault and fails the run; in an unsynchronized one it
 * is the race the command demonstrates.
 */
class VerdictTest {

    @Example
    void theSynchronizedScenarios() {
        Set<CheckScenario> synced = Arrays.stream(CheckScenario.values()).filter(CheckScenario::isSynchronized)
                .collect(Collectors.toSet());
        assertEquals(Set.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.D2H_PAGEABLE, CheckScenario.H2D_EVENT), synced);
    }

    @Example
    void scenarioIds() {
        assertEquals(List.of("d2h-nosync", "d2h-sync", "d2h-pageable", "h2d-overwrite", "h2d-event"),
                Arrays.stream(CheckScenario.values()).map(CheckScenario::id).toList());
    }

    @Property
    void synchronizedScenarios(@ForAll CheckScenario scenario, @ForAll @IntRange(min = 1) int wrongTrials) {
        if (!scenario.isSynchronized()) {
            return;
        }
        assertEquals(Verdict.SAFE, Verdict.of(scenario, 0));
        assertFalse(Verdict.of(scenario, 0).failsTheRun());
        assertEquals(Verdict.BROKEN, Verdict.of(scenario, wrongTrials));
        assertTrue(Verdict.of(scenario, wrongTrials).failsTheRun());
    }

    @Property
    void unsynchronizedScenarios(@ForAll CheckScenario scenario, @ForAll @IntRange(min = 1) int wrongTrials) {
        if (scenario.isSynchronized()) {
            return;
        }
        assertEquals(Verdict.RACE_NOT_OBSERVED, Verdict.of(scenario, 0));
        assertEquals(Verdict.RACE_OBSERVED, Verdict.of(scenario, wrongTrials));
        assertFalse(Verdict.of(scenario, 0).failsTheRun());
        assertFalse(Verdict.of(scenario, wrongTrials).failsTheRun(), "the race is expected, not a failure");
    }

    @Example
    void everyScenarioKindWithZeroAndOneWrongTrial() {
        assertEquals(Verdict.RACE_NOT_OBSERVED, Verdict.of(CheckScenario.D2H_UNSYNCHRONIZED, 0));
        assertEquals(Verdict.RACE_OBSERVED, Verdict.of(CheckScenario.D2H_UNSYNCHRONIZED, 1));
        assertEquals(Verdict.SAFE, Verdict.of(CheckScenario.D2H_SYNCHRONIZED, 0));
        assertEquals(Verdict.BROKEN, Verdict.of(CheckScenario.D2H_SYNCHRONIZED, 1));
        assertEquals(Verdict.SAFE, Verdict.of(CheckScenario.D2H_PAGEABLE, 0));
        assertEquals(Verdict.BROKEN, Verdict.of(CheckScenario.D2H_PAGEABLE, 1));
        assertEquals(Verdict.RACE_NOT_OBSERVED, Verdict.of(CheckScenario.H2D_OVERWRITE, 0));
        assertEquals(Verdict.RACE_OBSERVED, Verdict.of(CheckScenario.H2D_OVERWRITE, 1));
        assertEquals(Verdict.SAFE, Verdict.of(CheckScenario.H2D_EVENT, 0));
        assertEquals(Verdict.BROKEN, Verdict.of(CheckScenario.H2D_EVENT, 1));
    }

    @Example
    void onlyBrokenFailsTheRun() {
        for (Verdict v : Verdict.values()) {
            assertEquals(v == Verdict.BROKEN, v.failsTheRun(), v.name());
        }
    }

    @Example
    void aReportFailsOnlyWhenASynchronizedScenarioSawWrongData() {
        CheckPlan plan = new CheckPlan(1000, 2, HostMemoryKind.PINNED, List.of(CheckScenario.values()));
        CheckResult raced = result(CheckScenario.D2H_UNSYNCHRONIZED, 2);
        CheckResult safe = result(CheckScenario.D2H_SYNCHRONIZED, 0);
        CheckResult broken = result(CheckScenario.H2D_EVENT, 1);
        assertTrue(new CheckResults(null, plan, List.of(raced, safe)).synchronizedScenariosSafe());
        assertFalse(new CheckResults(null, plan, List.of(raced, safe, broken)).synchronizedScenariosSafe());
    }

    private static CheckResult result(CheckScenario scenario, int wrongTrials) {
        TrialTally tally = new TrialTally(scenario, 1000);
        tally.add(wrongTrials > 0 ? 5 : 0, wrongTrials > 0 ? 1.0 : 0);
        tally.add(wrongTrials > 1 ? 5 : 0, 0);
        return tally.result();
    }
}
