package dev.xfer.app.verdict;

/**
 * Compare's judgement of one result, baseline against current: a change beyond the noise between
 * runs (a regression or an improvement), none, or a band too wide to tell. The only verdict in xfer;
 * check's reading of a scenario's tally is its {@code Conclusion}.
 */
public enum Verdict { REGRESSION, IMPROVEMENT, SAME, TOO_NOISY }
