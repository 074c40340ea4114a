package dev.xfer.app.check;

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
class ConclusionTest {

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
        assertEquals(Conclusion.SAFE, Conclusion.of(scenario, 0));
        assertFalse(Conclusion.of(scenario, 0).failsTheRun());
        assertEquals(Conclusion.BROKEN, Conclusion.of(scenario, wrongTrials));
        assertTrue(Conclusion.of(scenario, wrongTrials).failsTheRun());
    }

    @Property
    void unsynchronizedScenarios(@ForAll CheckScenario scenario, @ForAll @IntRange(min = 1) int wrongTrials) {
        if (scenario.isSynchronized()) {
            return;
        }
        assertEquals(Conclusion.RACE_NOT_OBSERVED, Conclusion.of(scenario, 0));
        assertEquals(Conclusion.RACE_OBSERVED, Conclusion.of(scenario, wrongTrials));
        assertFalse(Conclusion.of(scenario, 0).failsTheRun());
        assertFalse(Conclusion.of(scenario, wrongTrials).failsTheRun(), "the race is expected, not a failure");
    }

    @Example
    void everyScenarioKindWithZeroAndOneWrongTrial() {
        assertEquals(Conclusion.RACE_NOT_OBSERVED, Conclusion.of(CheckScenario.D2H_UNSYNCHRONIZED, 0));
        assertEquals(Conclusion.RACE_OBSERVED, Conclusion.of(CheckScenario.D2H_UNSYNCHRONIZED, 1));
        assertEquals(Conclusion.SAFE, Conclusion.of(CheckScenario.D2H_SYNCHRONIZED, 0));
        assertEquals(Conclusion.BROKEN, Conclusion.of(CheckScenario.D2H_SYNCHRONIZED, 1));
        assertEquals(Conclusion.SAFE, Conclusion.of(CheckScenario.D2H_PAGEABLE, 0));
        assertEquals(Conclusion.BROKEN, Conclusion.of(CheckScenario.D2H_PAGEABLE, 1));
        assertEquals(Conclusion.RACE_NOT_OBSERVED, Conclusion.of(CheckScenario.H2D_OVERWRITE, 0));
        assertEquals(Conclusion.RACE_OBSERVED, Conclusion.of(CheckScenario.H2D_OVERWRITE, 1));
        assertEquals(Conclusion.SAFE, Conclusion.of(CheckScenario.H2D_EVENT, 0));
        assertEquals(Conclusion.BROKEN, Conclusion.of(CheckScenario.H2D_EVENT, 1));
    }

    @Example
    void onlyBrokenFailsTheRun() {
        for (Conclusion v : Conclusion.values()) {
            assertEquals(v == Conclusion.BROKEN, v.failsTheRun(), v.name());
        }
    }

    private static CheckResult result(CheckScenario scenario, int wrongTrials) {
        TrialTally tally = new TrialTally(scenario, 1000);
        tally.add(wrongTrials > 0 ? 5 : 0, wrongTrials > 0 ? 1.0 : 0);
        tally.add(wrongTrials > 1 ? 5 : 0, 0);
        return tally.result();
    }
}
