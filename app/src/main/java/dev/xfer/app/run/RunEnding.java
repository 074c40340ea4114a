package dev.xfer.app.run;

import dev.xfer.app.output.Stopped;

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

    /** What the JSON document carries under {@code stopped}: only when the run is incomplete. */
    Optional<Stopped> stopped() {
        return stoppedBy.map(r -> new Stopped(r.label(), measured, planned, line()));
    }
}
