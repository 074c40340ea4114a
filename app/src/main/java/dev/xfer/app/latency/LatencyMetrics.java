package dev.xfer.app.latency;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** Latency results by name: {@code latency.TARGET.SIZE} in ns per access, TARGET host, device or gpuN. */
public final class LatencyMetrics {
    private static final String NANOSECONDS = "nanoseconds";

    private LatencyMetrics() {
    }

    /**
     * The identity of one chase's time per access. A peer target is the word {@code peer} and the
     * peer's index: the document's {@code gpu1} reads as a GPU index, not a word.
     */
    public static Identity identity(LatencyPlan plan, LatencyTarget target, long bytes, long accesses) {
        Identity.Builder id = Identity.of("latency", NANOSECONDS).with(IdentityField.TARGET, target.kind().label())
                .with(IdentityField.ORDER, plan.order().label()).with(IdentityField.BYTES, bytes)
                .with(IdentityField.ACCESSES, accesses);
        if (target.kind() == LatencyTarget.Kind.PEER) {
            id.with(IdentityField.PEER, target.peer());
        }
        return id.build();
    }

    /** @param peers the GPUs whose memory may be chased as peers (a superset is fine: names are only checked) */
    public static List<MetricDeclaration> declare(LatencyPlan plan, List<Integer> peers) {
        List<MetricDeclaration> out = new ArrayList<>();
        Quantity ns = Quantity.of(NANOSECONDS).orElseThrow();
        for (LatencyTarget t : plan.targets(peers)) {
            for (long bytes : plan.sizes()) {
                out.add(RunResult.declaration(ResultNames.of(identity(plan, t, bytes, plan.accesses())), ns, false));
            }
        }
        return out;
    }

    public static RunResults results(LatencyResults report) {
        List<RunResult> out = new ArrayList<>();
        for (LatencyResult r : report.run().results()) {
            Identity id = identity(report.plan(), r.target(), r.bytes(), r.accesses());
            out.add(RunResult.configuration(ResultNames.of(id), RunResult.measured(id, r.nanoseconds(),
                    r.failure().map(CheckOutcome::failed).orElse(CheckOutcome.PASSED)), OptionalDouble.empty()));
        }
        return RunResults.of("latency", out);
    }
}
