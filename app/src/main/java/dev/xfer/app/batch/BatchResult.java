package dev.xfer.app.batch;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One strategy's outcome.
 *
 * @param milliseconds  host-clock times from the first call to all copies complete; empty when unavailable;
 *                      {@link Summarized.Unsummarizable} when the clock gave no time, a failed
 *                      result with its reason
 * @param gigabytesPerSecond all buffers' bytes over the median time; NaN when there is none
 * @param timeVsFirst   this median over the median of the first strategy that ran (below 1: faster)
 * @param unavailable   why the strategy could not run here (e.g. no cudaMemcpyBatchAsync); empty when it ran
 * @param wrongBuffer   the first buffer whose data arrived wrong; empty when all were right
 * @param numaNode      the NUMA node host buffers and threads were placed on ({@code --numa-node});
 *                      empty when nothing was placed
 * @param hostMemoryNodes where sampled pages of the host buffers this strategy reads actually were
 *                      (its sources, and the pinned blocks or staging slots it copies through);
 *                      empty when nothing was placed, the strategy did not run, or pages cannot
 *                      be queried
 */
public record BatchResult(BatchStrategy strategy, Optional<Summarized> milliseconds, double gigabytesPerSecond,
                          OptionalDouble timeVsFirst, Optional<String> unavailable, Optional<Integer> wrongBuffer,
                          OptionalInt numaNode, Optional<HostMemoryNodes> hostMemoryNodes) {

    public BatchResult {
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(hostMemoryNodes, "hostMemoryNodes");
    }

    /** A result measured without placement, its pages not sampled. */
    public BatchResult(BatchStrategy strategy, Optional<Summarized> milliseconds, double gigabytesPerSecond,
                       OptionalDouble timeVsFirst, Optional<String> unavailable, Optional<Integer> wrongBuffer) {
        this(strategy, milliseconds, gigabytesPerSecond, timeVsFirst, unavailable, wrongBuffer, OptionalInt.empty(),
                Optional.empty());
    }

    /** This result with its placement: the node asked for and where sampled pages were. */
    public BatchResult placed(OptionalInt node, Optional<HostMemoryNodes> pages) {
        return new BatchResult(strategy, milliseconds, gigabytesPerSecond, timeVsFirst, unavailable, wrongBuffer, node,
                pages);
    }

    /** The times' summary; empty when the strategy did not run or its times gave none. */
    public Optional<Summary> measured() {
        return milliseconds.flatMap(Summarized::measured);
    }

    /** Why the strategy ran but has no figure (its clock gave NaN or no time); empty otherwise. */
    public Optional<String> notMeasured() {
        return milliseconds.flatMap(Summarized::whyNot);
    }

    /** The strategy as the text names it, with its node when placed: {@code pinned-pool on node 1}. */
    public String configuration() {
        return configuration(strategy, numaNode);
    }

    /** A strategy's configuration on {@code node} (empty: unplaced), as its row would name it. */
    static String configuration(BatchStrategy strategy, OptionalInt node) {
        return strategy.label() + (node.isPresent() ? " on node " + node.getAsInt() : "");
    }

    public boolean ran() {
        return unavailable.isEmpty();
    }

    public boolean verified() {
        return wrongBuffer.isEmpty();
    }
}
