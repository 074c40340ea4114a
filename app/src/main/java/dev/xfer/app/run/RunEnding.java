package dev.xfer.app.run;

import dev.xfer.app.run.StopRequest;
import dev.xfer.app.format.Json;

import java.util.Map;
import java.util.Optional;

/**
 * How a measuring run ended: every configuration measured, or stopped early (a signal, the time
 * limit) after {@code measured} of {@code planned}.
 */
record RunEnding(Optional<StopRequest.Reason> stoppedBy, int measured, int planned) {
    static RunEnding completeRun() {
        return new RunEnding(Optional.empty(), 0, 0);
    }

    boolean complete() {
        return stoppedBy.isEmpty();
    }

    /** {@code interrupted (SIGINT) after 37 of 210 configurations}; only for a run that stopped. */
    String line() {
        return stoppedBy.orElseThrow().words() + " after " + measured + " of " + planned + " configurations";
    }

    /** What the JSON document carries under {@code stopped} when the run is incomplete. */
    Map<String, Object> toJson() {
        return Json.object(
                "reason", stoppedBy.orElseThrow().label(),
                "measured", measured,
                "planned", planned,
                "message", line());
    }
}
