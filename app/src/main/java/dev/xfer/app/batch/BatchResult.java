package dev.xfer.app.batch;

import dev.xfer.app.stats.Summary;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One strategy's outcome.
 *
 * @param milliseconds  host-clock times from the first call to all copies complete; empty when unavailable
 * @param gigabytesPerSecond all buffers' bytes over the median time
 * @param timeVsFirst   this median over the median of the first strategy that ran (below 1: faster)
 * @param unavailable   why the strategy could not run here (e.g. no cudaMemcpyBatchAsync); empty when it ran
 * @param wrongBuffer   the first buffer whose data arrived wrong; empty when all were right
 */
public record BatchResult(BatchStrategy strategy, Optional<Summary> milliseconds, double gigabytesPerSecond,
                          OptionalDouble timeVsFirst, Optional<String> unavailable, Optional<Integer> wrongBuffer) {

    public boolean ran() {
        return unavailable.isEmpty();
    }

    public boolean verified() {
        return wrongBuffer.isEmpty();
    }
}
