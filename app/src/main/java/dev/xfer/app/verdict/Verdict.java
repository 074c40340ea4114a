package dev.xfer.app.verdict;

/**
 * Compare's judgement of one result, baseline against current: a change beyond the noise between
 * runs (a regression or an improvement), none, or a band too wide to tell. The only verdict in xfer;
 * check's reading of a scenario's tally is its {@code Conclusion}.
 */
public enum Verdict implements dev.xfer.app.format.Labelled {
    REGRESSION, IMPROVEMENT, SAME, TOO_NOISY;

    /** As compare's JSON names it: {@code too-noisy}. */
    @Override
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
