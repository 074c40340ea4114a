package dev.xfer.app.check;

/** Adds up a scenario's trials: how many saw wrong data, how much, how far off. */
public final class TrialTally {
    private final CheckScenario scenario;
    private final long elementsPerTrial;
    private int trials;
    private int wrongTrials;
    private long staleTotal;
    private long staleWorst;
    private double maxError;
    private int inFlightTrials;
    private CheckTimes times = CheckTimes.NONE;

    public TrialTally(CheckScenario scenario, long elementsPerTrial) {
        if (elementsPerTrial < 1) {
            throw new IllegalArgumentException("a trial checks at least one element");
        }
        this.scenario = scenario;
        this.elementsPerTrial = elementsPerTrial;
    }

    /** One trial whose copy had finished before the host touched the memory. */
    public void add(long staleElements, double trialMaxError) {
        add(staleElements, trialMaxError, false);
    }

    /**
     * One trial's count of wrong elements, its largest error, and whether the copy was still
     * running when the host touched the memory.
     */
    public void add(long staleElements, double trialMaxError, boolean copyInFlight) {
        add(staleElements, trialMaxError, copyInFlight, CheckTimes.NONE);
    }

    /** {@link #add(long, double, boolean)}, with where the trial's time went. */
    public void add(long staleElements, double trialMaxError, boolean copyInFlight, CheckTimes trialTimes) {
        if (staleElements < 0 || staleElements > elementsPerTrial) {
            throw new IllegalArgumentException("stale elements " + staleElements + " outside 0.." + elementsPerTrial);
        }
        trials++;
        times = times.plus(trialTimes);
        if (copyInFlight) {
            inFlightTrials++;
        }
        if (staleElements > 0) {
            wrongTrials++;
        }
        staleTotal += staleElements;
        staleWorst = Math.max(staleWorst, staleElements);
        maxError = Math.max(maxError, Double.isNaN(trialMaxError) ? Double.POSITIVE_INFINITY : trialMaxError);
    }

    public CheckResult result() {
        return new CheckResult(scenario, trials, wrongTrials, trials == 0 ? 0 : (double) staleTotal / trials,
                staleWorst, (double) staleWorst / elementsPerTrial, maxError, inFlightTrials, times);
    }
}
