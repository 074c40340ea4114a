package dev.xfer.app.run;

import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.cuda.HostMemoryKind;

import java.util.List;
import java.util.Optional;

/**
 * Confidential Computing's (CC) rules for a run whose host copies are of one memory kind
 * ({@code overlap}, {@code check}, {@code pipeline}), as {@code bandwidth.ConfidentialComputingRules}
 * applies them to bandwidth's many kinds and worded the same ({@link ConfidentialComputing}):
 * <ul>
 *   <li>memory page-locked by {@code cudaHostRegister} (registered, pinned-huge) is refused with CC on,
 *       and such a run measures nothing else, so nothing is left: a usage error (exit 2), before any
 *       allocation, suggesting the kind CC leaves (pinned);</li>
 *   <li>any other kind is measured, marked: the driver bounces its copies through an encrypted buffer,
 *       so the rates are CC's path, not the link's.</li>
 * </ul>
 * With CC off or unknown nothing changes: unknown is never a reason to skip a measurement.
 */
public final class ConfidentialComputingOneKindRules {
    private ConfidentialComputingOneKindRules() {
    }

    /**
     * The run's notes under {@code state}, where its host copies are of {@code memory}: none with CC
     * off or unknown; CC's state line and the bounce buffer's mark with CC on.
     *
     * @throws UnusableOptionException where CC is on and refuses {@code memory}: the one line names CC
     *                                 and the kind to use instead
     */
    public static List<String> notes(HostMemoryKind memory, Reading<ConfidentialComputingState> state) {
        Optional<ConfidentialComputingState> on = ConfidentialComputing.on(state);
        if (on.isEmpty()) {
            return List.of();
        }
        if (memory.registersUserMemory()) {
            throw new UnusableOptionException("--memory " + memory.label() + ": " + ConfidentialComputing.REGISTERED
                    + "; use --memory " + HostMemoryKind.PINNED.label());
        }
        return ConfidentialComputing.marks(on.get(), true, false);
    }
}
