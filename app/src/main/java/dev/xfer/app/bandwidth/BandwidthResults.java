package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.RunContext;

import java.util.List;
import java.util.Objects;

/**
 * A bandwidth run's results with what they were measured on and how.
 *
 * @param placement where host memory and the measuring thread were placed ({@code --numa-node});
 *                  {@link HostPlacement#none()} when the option was not given
 */
public record BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                              List<VerificationFailure> failures, List<String> notes, HostPlacement placement) {
    public BandwidthResults {
        results = List.copyOf(results);
        failures = List.copyOf(failures);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
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
