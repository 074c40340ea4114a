package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.RunContext;

import java.util.List;
import java.util.Objects;

/**
 * A bandwidth run's results with what they were measured on and how.
 *
 * @param placement  where host memory and the measuring thread were placed ({@code --numa-node});
 *                   {@link HostPlacement#none()} when the option was not given
 * @param unmeasured configurations that ran but gave no figure (a NaN or zero time), each a failed
 *                   result with its reason
 */
public record BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                              List<VerificationFailure> failures, List<String> notes, HostPlacement placement,
                              List<Unmeasured> unmeasured) {
    public BandwidthResults {
        results = List.copyOf(results);
        failures = List.copyOf(failures);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
        unmeasured = List.copyOf(unmeasured);
    }

    /** The results of a run with every configuration measured. */
    public BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                           List<VerificationFailure> failures, List<String> notes, HostPlacement placement) {
        this(context, plan, results, failures, notes, placement, List.of());
    }

    /** The results of a run without {@code --numa-node}. */
    public BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                           List<VerificationFailure> failures, List<String> notes) {
        this(context, plan, results, failures, notes, HostPlacement.none());
    }

    public boolean verified() {
        return failures.isEmpty();
    }
}
