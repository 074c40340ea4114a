package dev.xfer.app.check;

import java.util.Locale;

/**
 * What a scenario's tally means. Not a {@code Verdict} (that word is compare's alone); check's documents
 * keep the field name {@code verdict} for it, as the schema says.
 */
public enum Conclusion {
    RACE_OBSERVED("race observed as expected"),
    RACE_NOT_OBSERVED("race possible but not observed"),
    SAFE("safe: 0 wrong"),
    /** A synchronized copy gave wrong data: a driver or hardware fault. */
    BROKEN("WRONG DATA despite synchronization");

    private final String text;

    Conclusion(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public boolean failsTheRun() {
        return this == BROKEN;
    }

    /** The word a scenario's row writes for it under {@code verdict}: its name in lower case. */
    public String verdict() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The conclusion a row's {@code verdict} names ({@link #verdict}). */
    public static Conclusion ofVerdict(String verdict) {
        return valueOf(verdict.toUpperCase(Locale.ROOT));
    }

    public static Conclusion of(CheckScenario scenario, int wrongTrials) {
        if (scenario.isSynchronized()) {
            return wrongTrials == 0 ? SAFE : BROKEN;
        }
        return wrongTrials > 0 ? RACE_OBSERVED : RACE_NOT_OBSERVED;
    }
}
