package dev.xfer.app.run;

import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.FieldMap;
import dev.xfer.app.cli.ExitCode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Exit 6 with --runs N: a disturbance explains the run's failure only when every repetition that
 * failed was disturbed; an undisturbed failure anywhere is a plain failure, as for one run.
 */
class RepetitionsDisturbedTest {
    private static Repetitions.Repetition repetition(int run, boolean passed, boolean disturbed) {
        return new Repetitions.Repetition(run, "", List.of(), GpuDocument.of("fake", ResultsFixtures.context(), dev.xfer.app.output.NoParameters.NONE, List.of(), List.of()), List.of(), List.of(), RunEnding.completeRun(),
                passed, disturbed);
    }

    private static int exit(Repetitions.Repetition... done) {
        Repetitions repetitions = new Repetitions(done.length);
        for (Repetitions.Repetition r : done) {
            repetitions.add(r);
        }
        return ExitCode.of(FinishedRun.complete(repetitions.passed()).withDisturbed(repetitions.disturbed()));
    }

    @Test
    void failuresOnlyWhereDisturbedExitSix() {
        assertEquals(ExitCode.DISTURBED, exit(repetition(1, true, false), repetition(2, false, true),
                repetition(3, true, false)));
        assertEquals(ExitCode.DISTURBED, exit(repetition(1, false, true), repetition(2, false, true)));
    }

    @Test
    void anUndisturbedFailureIsOneWhateverElseWasDisturbed() {
        assertEquals(ExitCode.CHECK_FAILED, exit(repetition(1, false, true), repetition(2, false, false)));
        assertEquals(ExitCode.CHECK_FAILED, exit(repetition(1, true, true), repetition(2, false, false)));
        assertEquals(ExitCode.CHECK_FAILED, exit(repetition(1, false, false), repetition(2, true, false)));
    }

    @Test
    void everyRepetitionPassingIsZeroDisturbedOrNot() {
        assertEquals(ExitCode.OK, exit(repetition(1, true, true), repetition(2, true, false)));
        assertEquals(ExitCode.OK, exit(repetition(1, true, false), repetition(2, true, false)));
    }
}
