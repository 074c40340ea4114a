package dev.xfer.app.check;

import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.ResultNames;

import java.util.Locale;

/**
 * One scenario over all its trials.
 *
 * @param wrongTrials  trials in which the host (or, for H2D, the device) saw at least one wrong element
 * @param staleMean    wrong elements per trial, averaged over all trials
 * @param staleWorst   the most wrong elements in one trial
 * @param staleFractionWorst staleWorst over the elements per trial
 * @param maxError     the largest |seen - expected| over all trials; infinite when poison (NaN) was seen
 * @param inFlightTrials trials in which the copy was still running when the host touched the memory:
 *                     the window in which the race can happen
 * @param times        where the trials' wall time went ({@link CheckTimes#NONE} when not timed)
 */
public record CheckResult(CheckScenario scenario, int trials, int wrongTrials, double staleMean, long staleWorst,
                          double staleFractionWorst, double maxError, int inFlightTrials, CheckTimes times) {

    /** A result without timings. */
    public CheckResult(CheckScenario scenario, int trials, int wrongTrials, double staleMean, long staleWorst,
                       double staleFractionWorst, double maxError, int inFlightTrials) {
        this(scenario, trials, wrongTrials, staleMean, staleWorst, staleFractionWorst, maxError, inFlightTrials,
                CheckTimes.NONE);
    }

    public Conclusion conclusion() {
        return Conclusion.of(scenario, wrongTrials);
    }

    /** What this scenario's count is, as the document's row says it: the plan's configuration of it. */
    public Identity identity(CheckPlan plan) {
        return plan.identity(scenario.id(), trials);
    }

    /** This scenario's count of wrong trials as a result, failed where the wrong data fails the run. */
    RunResult runResult(CheckPlan plan) {
        Identity id = identity(plan);
        CheckOutcome check = conclusion().failsTheRun() ? CheckOutcome.failed(conclusion().text() + ": "
                + wrongTrials + " of " + trials + " trials wrong")
                : CheckOutcome.passed(String.format(Locale.ROOT, "%d trials, %d with the copy in flight: %s",
                trials, inFlightTrials, conclusion().text()));
        return RunResult.configuration(ResultNames.of(id), RunResult.single(id, wrongTrials, check),
                "check." + scenario.id());
    }
}
