package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.ConfidentialComputingRefusal;
import dev.xfer.app.bandwidth.ConfidentialComputingRules;
import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Confidential Computing (CC) does to the many-GPU patterns: {@link ConfidentialComputingRules}'s
 * rules, read on pattern plans. With CC on,
 * <ul>
 *   <li>a host pattern by a path CC refuses is waived with that path's reason: the copy kernel would
 *       have the SMs read and write the pinned host memory, which the GPU may not reach in a confidential VM;</li>
 *   <li>a host pattern by the copy engines runs, marked: CC bounces its copies through an encrypted
 *       buffer, so its rates are CC's path, not the link's;</li>
 *   <li>a GPU pattern runs, marked, by either path: copies between GPUs need the protected-PCIe mode,
 *       which NVML's state does not tell, so CC waives none of them (as bandwidth's p2p).</li>
 * </ul>
 * With CC off or unknown the plans are unchanged and nothing is noted. Here, beside the pattern
 * plans, because the pattern package names the bandwidth one and never the other way round.
 *
 * @param kept   the plans the run measures: those asked, less what CC forbids; empty when nothing is left
 * @param waived what CC forbids, each planned pattern with why
 * @param notes  the state's line, then the marks of what is kept
 */
public record ConfidentialComputingPatternRules(List<PatternPlan> kept, List<Waiver> waived, List<String> notes) {
    public ConfidentialComputingPatternRules {
        kept = List.copyOf(kept);
        waived = List.copyOf(waived);
        notes = List.copyOf(notes);
    }

    /** The rules applied to {@code plans} under {@code state}. */
    public static ConfidentialComputingPatternRules apply(List<PatternPlan> plans,
                                                          Reading<ConfidentialComputingState> state) {
        Optional<ConfidentialComputingState> on = ConfidentialComputing.on(state);
        if (on.isEmpty()) {
            return new ConfidentialComputingPatternRules(plans, List.of(), List.of());
        }
        List<PatternPlan> kept = new ArrayList<>();
        List<Waiver> waived = new ArrayList<>();
        for (PatternPlan plan : plans) {
            Optional<String> refused = refusal(plan);
            if (refused.isPresent()) {
                waived.addAll(PatternPlan.waivers(List.of(plan), refused.get()));
            } else {
                kept.add(plan);
            }
        }
        boolean hostCopies = kept.stream().anyMatch(p -> p.pattern().involvesHost());
        boolean peerCopies = kept.stream().anyMatch(p -> !p.pattern().involvesHost());
        return new ConfidentialComputingPatternRules(kept, waived.stream().distinct().toList(),
                ConfidentialComputing.marks(on.get(), hostCopies, peerCopies));
    }

    /**
     * Why CC forbids {@code plan}: its path's reason over host memory, for a host pattern; a GPU
     * pattern touches no host memory, and its path is never refused.
     */
    private static Optional<String> refusal(PatternPlan plan) {
        if (!plan.pattern().involvesHost()) {
            return Optional.empty();
        }
        return plan.path().refusedByConfidentialComputing().map(ConfidentialComputingRefusal::hostCopies);
    }

    /** Whether CC left no pattern to measure: the run ends as a document of waivers. */
    public boolean nothingLeft() {
        return kept.isEmpty();
    }
}
