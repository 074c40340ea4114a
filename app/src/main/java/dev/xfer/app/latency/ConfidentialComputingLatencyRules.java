package dev.xfer.app.latency;

import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.result.Waiver;

import java.util.List;
import java.util.Optional;

/**
 * What Confidential Computing (CC) does to a latency plan, as bandwidth's rules do to its copies and
 * worded the same ({@link ConfidentialComputing}): with CC on, the host target is waived, each size
 * with why, since its chase has the SMs read mapped host memory, which the GPU may not do in a
 * confidential VM (the copy kernel's and TMA copy's reason in bandwidth). The GPU's own memory and
 * its peers' are chased as asked; the run notes CC's state, and where peers are asked what CC needs
 * for GPU-to-GPU traffic (bandwidth's p2p note). With CC off or unknown the plan is
 * unchanged: unknown is never a reason to skip a measurement.
 *
 * @param plan   what the run chases: the given plan less the host target; empty when nothing is left
 * @param waived the host target's configurations, each with why
 * @param notes  CC's state line where it is on, and the peers' note where peers are asked
 */
public record ConfidentialComputingLatencyRules(Optional<LatencyPlan> plan, List<Waiver> waived, List<String> notes) {
    /** Why the host target is not chased with CC on. */
    static final String HOST = ConfidentialComputing.smsReachHost("the pointer chase reads");

    public ConfidentialComputingLatencyRules {
        waived = List.copyOf(waived);
        notes = List.copyOf(notes);
    }

    /** The rules applied to {@code plan} under {@code state}. */
    public static ConfidentialComputingLatencyRules apply(LatencyPlan plan, Reading<ConfidentialComputingState> state) {
        Optional<ConfidentialComputingState> on = ConfidentialComputing.on(state);
        if (on.isEmpty()) {
            return new ConfidentialComputingLatencyRules(Optional.of(plan), List.of(), List.of());
        }
        // A chase through a peer's memory is GPU-to-GPU traffic: bandwidth's p2p note says what CC asks of it.
        List<String> notes = ConfidentialComputing.marks(on.get(), false, plan.wantsPeers());
        if (!plan.kinds().contains(LatencyTarget.Kind.HOST)) {
            return new ConfidentialComputingLatencyRules(Optional.of(plan), List.of(), notes);
        }
        List<LatencyTarget.Kind> left = plan.kinds().stream().filter(k -> k != LatencyTarget.Kind.HOST).toList();
        Optional<LatencyPlan> chased = left.isEmpty() ? Optional.empty() : Optional.of(new LatencyPlan(plan.sizes(),
                left, plan.accesses(), plan.iterations(), plan.order(), plan.seed()));
        return new ConfidentialComputingLatencyRules(chased, plan.waived(LatencyTarget.HOST.id(), HOST), notes);
    }
}
