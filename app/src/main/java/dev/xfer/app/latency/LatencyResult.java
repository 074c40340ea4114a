package dev.xfer.app.latency;

import dev.xfer.app.result.Identity;
import dev.xfer.app.stats.Summarized;

import java.util.Optional;

/**
 * One configuration's latency: nanoseconds per dependent access over {@code iterations} timed chases.
 *
 * @param nanoseconds per access, one sample per timed chase; {@link Summarized.Unsummarizable} when
 *                    the timer gave NaN or no time, a failed result with its reason
 * @param failure     why the chase is not trusted (it stopped on another node than the host's walk of
 *                    the same cycle reaches); empty when it checked out
 */
public record LatencyResult(LatencyTarget target, long bytes, long accesses, Summarized nanoseconds,
                            Optional<String> failure) {
    public boolean verified() {
        return failure.isEmpty();
    }

    /** The configuration as the text names it: {@code device 4096 B}. */
    public String configuration() {
        return configuration(target.id(), bytes);
    }

    /**
     * A configuration as the text names its row: {@code host 4096 B}; {@code peer 4096 B} for the
     * peers a run without a second GPU cannot name one by one.
     */
    static String configuration(String target, long bytes) {
        return target + " " + bytes + " B";
    }

    /** What this figure is, as the document's row says it: the plan's configuration of it. */
    public Identity identity(LatencyPlan plan) {
        return plan.identity(target, bytes, accesses);
    }
}
