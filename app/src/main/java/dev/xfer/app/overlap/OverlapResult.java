package dev.xfer.app.overlap;

import dev.xfer.app.output.RunResult;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** What this schedule's {@code measured} figure is, as the document's row says it. */
    public Identity identity(OverlapPlan plan, String measured) {
        return plan.identity(schedule, numaNode, measured);
    }

    /**
     * This schedule's figures as results: its time stands for the configuration and carries the
     * check of its data; speedup (when sequential ran), efficiency and max error are figures of it.
     *
     * @param nodeNamed whether every name ends in the node ({@code --numa-node all})
     */
    List<RunResult> runResults(OverlapPlan plan, boolean nodeNamed) {
        CheckOutcome check = withinTolerance()
                ? CheckOutcome.passed(String.format(Locale.ROOT, "max error %e", maxError))
                : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", maxError, TOLERANCE));
        Identity time = identity(plan, "milliseconds");
        List<RunResult> out = new ArrayList<>();
        out.add(RunResult.configuration(ResultNames.of(time, false, nodeNamed), RunResult.measured(time, milliseconds, check),
                NumaNodeOption.withNode("overlap." + schedule.label(), nodeNamed ? numaNode : OptionalInt.empty())));
        speedup.ifPresent(x -> out.add(figure(plan, "speedup", x, nodeNamed)));
        out.add(figure(plan, "efficiency", efficiency, nodeNamed));
        out.add(figure(plan, "maxError", maxError, nodeNamed));
        return out;
    }

    private RunResult figure(OverlapPlan plan, String measured, double value, boolean nodeNamed) {
        Identity id = identity(plan, measured);
        return RunResult.figure(ResultNames.of(id, false, nodeNamed), RunResult.single(id, value, CheckOutcome.NOT_CHECKED));
    }
}
