package dev.xfer.app.result;

import java.util.Optional;

/**
 * What the configuration's own check said of a result: its data came back right, came back wrong
 * (with why), or the document does not say. {@code why} may also say what a passed check found
 * ({@code max error 1.192093e-07}) or why nothing was checked.
 */
public record CheckOutcome(State state, Optional<String> why) {

    public enum State { PASSED, FAILED, NOT_CHECKED }

    public static final CheckOutcome PASSED = new CheckOutcome(State.PASSED, Optional.empty());
    public static final CheckOutcome NOT_CHECKED = new CheckOutcome(State.NOT_CHECKED, Optional.empty());

    /** A passed check, with what it found. */
    public static CheckOutcome passed(String found) {
        return new CheckOutcome(State.PASSED, Optional.of(found));
    }

    /** Nothing checked, and why (a strategy this machine cannot run). */
    public static CheckOutcome notChecked(String why) {
        return new CheckOutcome(State.NOT_CHECKED, Optional.of(why));
    }

    public static CheckOutcome failed(String why) {
        return new CheckOutcome(State.FAILED, Optional.of(why));
    }

    public boolean failed() {
        return state == State.FAILED;
    }
}
