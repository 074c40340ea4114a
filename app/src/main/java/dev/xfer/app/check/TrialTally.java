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

    public TrialTally(CheckScenario scenario, long elementsPerTrial) {
        if (elementsPerTrial < 1) {
            throw new IllegalArgumentException("a trial checks at least one element");
        }
        this.scenario = scenario;
        this.elementsPerTrial = elementsPerTrial;
    }

    /** One trial's count of wrong elements and its largest error. */
    public void add(long staleElements, double trialMaxError) {
        if (staleElements < 0 || staleElements > elementsPerTrial) {
            throw new IllegalArgumentException("stale elements " + staleElements + " outside 0.." + elementsPerTrial);
        }
        trials++;
        if (staleElements > 0) {
            wrongTrials++;
        }
        staleTotal += staleElements;
        staleWorst = Math.max(staleWorst, staleElements);
        maxError = Math.max(maxError, Double.isNaN(trialMaxError) ? Double.POSITIVE_INFINITY : trialMaxError);
    }

    public CheckResult result() {
        return new CheckResult(scenario, trials, wrongTrials, trials == 0 ? 0 : (double) staleTotal / trials,
                staleWorst, (double) staleWorst / elementsPerTrial, maxError);
    }
}
