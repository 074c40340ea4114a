package dev.xfer.app.check;



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
}
