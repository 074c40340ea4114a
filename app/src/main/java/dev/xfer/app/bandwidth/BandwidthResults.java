package dev.xfer.app.bandwidth;

import dev.xfer.app.result.Waiver;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.ResultNames;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A bandwidth run's results with what they were measured on and how.
 *
 * @param placement  where host memory and the measuring thread were placed ({@code --numa-node});
 *                   {@link HostPlacement#none()} when the option was not given
 * @param unmeasured configurations that ran but gave no figure (a NaN or zero time), each a failed
 *                   result with its reason
 * @param waived     configurations this run did not measure on this machine, each with why: neither
 *                   passed nor failed, a {@code waived:} line, the document's {@code waived}, a skipped
 *                   JUnit case
 */
public record BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                              List<VerificationFailure> failures, List<String> notes, HostPlacement placement,
                              List<Unmeasured> unmeasured, List<Waiver> waived) {
    public BandwidthResults {
        waived = List.copyOf(waived);
        results = List.copyOf(results);
        failures = List.copyOf(failures);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
        unmeasured = List.copyOf(unmeasured);
    }

    /** The results of a run with nothing waived. */
    public BandwidthResults(RunContext context, BandwidthPlan plan, List<BandwidthResult> results,
                           List<VerificationFailure> failures, List<String> notes, HostPlacement placement,
                           List<Unmeasured> unmeasured) {
        this(context, plan, results, failures, notes, placement, unmeasured, List.of());
    }

    /**
     * The results of a run that measured nothing: every configuration it was asked for waived here
     * (Confidential Computing forbids them all), with its notes; no rows, which gates read as NO RESULT.
     */
    public static BandwidthResults waivedOnly(RunContext context, BandwidthPlan plan, List<String> notes,
                                              List<Waiver> waived) {
        return new BandwidthResults(context, plan, List.of(), List.of(), notes, HostPlacement.none(), List.of(), waived);
    }

    /** These results with {@code more} waived besides. */
    public BandwidthResults withWaived(List<Waiver> more) {
        List<Waiver> all = new ArrayList<>(waived);
        all.addAll(more);
        return new BandwidthResults(context, plan, results, failures, notes, placement, unmeasured, all);
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

    /**
     * Every configuration as a result, as its row derives it ({@link BandwidthRow#figures}); each
     * rate over the host's link is also a percentage of {@code linkGBps} where known.
     */
    public RunResults runResults(OptionalDouble linkGBps) {
        List<RunResult> out = new ArrayList<>();
        boolean nodeNamed = placement.namesCarryNode();
        RowScope scope = RowScope.of("results", "bandwidth", BandwidthParameters.of(this));
        for (BandwidthResult r : results) {
            RowFigures row = BandwidthRow.of(r).figures(scope);
            if (!r.verified()) {
                row.checked(CheckOutcome.failed(failure(r)));
            }
            out.addAll(RunResult.of(row, ResultNames.run(plan.namesGrid(r.copy(), r.direction().label()), nodeNamed),
                    r.direction().copy().crossesLink() ? linkGBps : OptionalDouble.empty()));
        }
        // A configuration whose samples gave no figure is a failed result with its reason, named as its
        // row would be: the run fails (exit 1), JUnit and --expect say why, and nothing in it can pass.
        for (Unmeasured u : unmeasured) {
            out.addAll(RunResult.of(BandwidthRow.unmeasured(scope, u),
                    ResultNames.run(plan.namesGrid(u.copy(), u.direction().label()), nodeNamed), OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth", out).withWaived(waived);
    }

    /** Why {@code r} failed: the failed check that covered it, found by its configuration. */
    private String failure(BandwidthResult r) {
        return failures.stream().filter(f -> f.concerns(r)).map(VerificationFailure::describe)
                .findFirst().orElse("data came back wrong");
    }
}
