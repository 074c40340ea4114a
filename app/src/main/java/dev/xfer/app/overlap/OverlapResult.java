package dev.xfer.app.overlap;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One schedule's outcome.
 *
 * @param milliseconds       per-iteration times of the whole schedule (H2D, kernels, D2H);
 *                           {@link Summarized.Unsummarizable} when the timer gave NaN or no time, a
 *                           failed result with its reason
 * @param gigabytesPerSecond the array's bytes both ways (2 x n x 4) over the median time; NaN when there is none
 * @param speedup            sequential median / this median; empty when sequential was not run or
 *                           either has no time
 * @param maxError           max |a[i] - 1| over the array after the last iteration (NaN if any element is NaN)
 * @param efficiency         the model's ideal time / this median; NaN when there is none
 * @param numaNode           the NUMA node the host array and the measuring thread were placed on
 *                           ({@code --numa-node}); empty when nothing was placed
 * @param hostMemoryNodes    where sampled pages of the host array actually were; empty when
 *                           nothing was placed or pages cannot be queried
 */
public record OverlapResult(OverlapSchedule schedule, Summarized milliseconds, double gigabytesPerSecond,
                            OptionalDouble speedup, double maxError, double efficiency, OptionalInt numaNode,
                            Optional<HostMemoryNodes> hostMemoryNodes) {

    public static final double TOLERANCE = 1e-6;

    public OverlapResult {
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(hostMemoryNodes, "hostMemoryNodes");
    }

    /** A result measured without placement, its pages not sampled. */
    public OverlapResult(OverlapSchedule schedule, Summarized milliseconds, double gigabytesPerSecond,
                         OptionalDouble speedup, double maxError, double efficiency) {
        this(schedule, milliseconds, gigabytesPerSecond, speedup, maxError, efficiency, OptionalInt.empty(),
                Optional.empty());
    }

    /** This result with its placement: the node asked for and where sampled pages of the host array were. */
    public OverlapResult placed(OptionalInt node, Optional<HostMemoryNodes> pages) {
        return new OverlapResult(schedule, milliseconds, gigabytesPerSecond, speedup, maxError, efficiency, node, pages);
    }

    /** The times' summary; empty when the timer gave none. */
    public Optional<Summary> measured() {
        return milliseconds.measured();
    }

    /** Why the schedule ran but has no figure (its timer gave NaN or no time); empty otherwise. */
    public Optional<String> notMeasured() {
        return milliseconds.whyNot();
    }

    /** The schedule as the text names it, with its node when placed: {@code v1 on node 1}. */
    public String configuration() {
        return schedule.label() + (numaNode.isPresent() ? " on node " + numaNode.getAsInt() : "");
    }

    public boolean withinTolerance() {
        return !Double.isNaN(maxError) && maxError <= TOLERANCE;
    }
}
