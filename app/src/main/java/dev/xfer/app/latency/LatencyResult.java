package dev.xfer.app.latency;

import dev.xfer.app.stats.Summary;

import java.util.Optional;

/**
 * One configuration's latency: nanoseconds per dependent access over {@code iterations} timed chases.
 *
 * @param nanoseconds per access, one sample per timed chase
 * @param failure     why the chase is not trusted (it stopped on another node than the host's walk of
 *                    the same cycle reaches); empty when it checked out
 */
public record LatencyResult(LatencyTarget target, long bytes, long accesses, Summary nanoseconds,
                            Optional<String> failure) {
    public boolean verified() {
        return failure.isEmpty();
    }
}
