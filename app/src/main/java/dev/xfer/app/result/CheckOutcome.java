package dev.xfer.app.result;

import java.util.Optional;

/**
 * What the configuration's own check said of a result: its data came back right, came back wrong
 * (with why), or the document does not say.
 */
public record CheckOutcome(State state, Optional<String> why) {

    public enum State { PASSED, FAILED, NOT_CHECKED }

    public static final CheckOutcome PASSED = new CheckOutcome(State.PASSED, Optional.empty());
    public static final CheckOutcome NOT_CHECKED = new CheckOutcome(State.NOT_CHECKED, Optional.empty());

    public static CheckOutcome failed(String why) {
        return new CheckOutcome(State.FAILED, Optional.of(why));
    }

    public boolean failed() {
        return state == State.FAILED;
    }
}
