package dev.xfer.app.check;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A scenario's trials added up: which went wrong, how many elements, how far off. */
class TrialTallyTest {

    @Test
    void countsWrongTrialsAndStaleElements() {
        TrialTally tally = new TrialTally(CheckScenario.D2H_UNSYNCHRONIZED, 1000);
        tally.add(0, 0);
        tally.add(10, 3.0);
        tally.add(250, 7.5);
        tally.add(0, 0);
        CheckResult r = tally.result();
        assertEquals(CheckScenario.D2H_UNSYNCHRONIZED, r.scenario());
        assertEquals(4, r.trials());
        assertEquals(2, r.wrongTrials());
        assertEquals(65.0, r.staleMean(), 0.0, "(0 + 10 + 250 + 0) / 4");
        assertEquals(250, r.staleWorst());
        assertEquals(0.25, r.staleFractionWorst(), 0.0);
        assertEquals(7.5, r.maxError(), 0.0);
        assertEquals(Conclusion.RACE_OBSERVED, r.conclusion());
    }

    @Test
    void poisonSeenMakesTheErrorInfinite() {
        TrialTally tally = new TrialTally(CheckScenario.D2H_UNSYNCHRONIZED, 100);
        tally.add(3, 2.0);
        tally.add(100, Double.NaN);
        tally.add(1, 5.0);
        assertEquals(Double.POSITIVE_INFINITY, tally.result().maxError(), "NaN from one trial is not forgotten");
        assertEquals(1.0, tally.result().staleFractionWorst(), 0.0);
    }

    @Test
    void cleanTrialsLeaveEverythingZero() {
        TrialTally tally = new TrialTally(CheckScenario.D2H_SYNCHRONIZED, 799_999_200L / 8);
        for (int i = 0; i < 100; i++) {
            tally.add(0, 0);
        }
        CheckResult r = tally.result();
        assertEquals(100, r.trials());
        assertEquals(0, r.wrongTrials());
        assertEquals(0.0, r.staleMean(), 0.0);
        assertEquals(0, r.staleWorst());
        assertEquals(0.0, r.maxError(), 0.0);
        assertEquals(Conclusion.SAFE, r.conclusion());
    }

    @Test
    void noTrialsYet() {
        CheckResult r = new TrialTally(CheckScenario.H2D_OVERWRITE, 8).result();
        assertEquals(0, r.trials());
        assertEquals(0.0, r.staleMean(), 0.0);
    }

    @Test
    void staleCountsAboveTheElementsAreRejectedAndNotCounted() {
        TrialTally tally = new TrialTally(CheckScenario.H2D_OVERWRITE, 1000);
        tally.add(1000, 1.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tally.add(1001, 1.0));
        assertEquals("stale elements 1001 outside 0..1000", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tally.add(-1, 0));
        assertEquals(1, tally.result().trials(), "rejected trials leave the tally as it was");
        assertEquals(1000, tally.result().staleWorst());
    }

    @Test
    void aTrialChecksAtLeastOneElement() {
        assertThrows(IllegalArgumentException.class, () -> new TrialTally(CheckScenario.D2H_SYNCHRONIZED, 0));
    }
}
