package dev.xfer.app.check;

/** What a scenario's tally means. */
public enum Verdict {
    RACE_OBSERVED("race observed as expected"),
    RACE_NOT_OBSERVED("race possible but not observed"),
    SAFE("safe: 0 wrong"),
    /** A synchronized copy gave wrong data: a driver or hardware fault. */
    BROKEN("WRONG DATA despite synchronization");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public boolean failsTheRun() {
        return this == BROKEN;
    }

    public static Verdict of(CheckScenario scenario, int wrongTrials) {
        if (scenario.isSynchronized()) {
            return wrongTrials == 0 ? SAFE : BROKEN;
        }
        return wrongTrials > 0 ? RACE_OBSERVED : RACE_NOT_OBSERVED;
    }
}
