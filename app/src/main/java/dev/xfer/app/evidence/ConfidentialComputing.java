package dev.xfer.app.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Confidential Computing (CC) means for a measurement, in the words every measuring command
 * says it with: whether a reading says CC is on, why a configuration is refused, and the notes that
 * mark what CC turns into a bounce-buffer copy. One place, so bandwidth, overlap, check, pipeline and
 * latency never word the same rule twice. Each command's own rules (which of its configurations a
 * rule takes) stay in its package; the reasons come from here.
 */
public final class ConfidentialComputing {
    /** Why memory page-locked by cudaHostRegister (registered, pinned-huge) is not measured. */
    public static final String REGISTERED = "Confidential Computing is on: cudaHostRegister is refused (the GPU may not"
            + " reach the confidential VM's memory directly)";
    /** The mark of host copies left to measure: their rate is CC's path, not the link's. */
    public static final String BOUNCE = "Confidential Computing is on: host copies go through an encrypted bounce buffer"
            + " (the CPU encrypts, the GPU decrypts): these rates are CC's path, not the PCIe link's";
    /** The mark of copies between GPUs, which NVML's state cannot tell are allowed. */
    public static final String PEERS = "Confidential Computing is on: GPU-to-GPU copies need the protected-PCIe mode"
            + " (single-GPU passthrough gives a VM one GPU)";

    private ConfidentialComputing() {
    }

    /**
     * Why the SMs' access to host memory by {@code what} is not measured: the GPU may not reach the
     * confidential VM's memory directly, and a kernel over mapped host memory is exactly that.
     *
     * @param what who does it, and how: {@code the copy kernel reads}, {@code the pointer chase reads}
     */
    public static String smsReachHost(String what) {
        return "Confidential Computing is on: " + what + " host memory from the SMs, which the GPU may not do in a"
                + " confidential VM";
    }

    /**
     * The state where {@code state} says CC is on; empty where it is off or unknown, which change
     * nothing: unknown is never a reason to skip a measurement.
     */
    public static Optional<ConfidentialComputingState> on(Reading<ConfidentialComputingState> state) {
        return state instanceof Reading.Known<ConfidentialComputingState> known && known.value().on()
                ? Optional.of(known.value()) : Optional.empty();
    }

    /**
     * The notes of a run under CC {@code on}, in one order for every run that applies the rules: the
     * state's own line first, then the bounce buffer's mark where host copies are left to measure,
     * then the protected-PCIe mode's where copies between GPUs are.
     */
    public static List<String> marks(ConfidentialComputingState on, boolean hostCopies, boolean peerCopies) {
        List<String> notes = new ArrayList<>(List.of(on.line()));
        if (hostCopies) {
            notes.add(BOUNCE);
        }
        if (peerCopies) {
            notes.add(PEERS);
        }
        return notes;
    }
}
