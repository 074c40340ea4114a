package dev.xfer.app.bandwidth;

import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Confidential Computing (CC) does to a bandwidth plan's host configurations, per NVIDIA's
 * rules: with CC on, the GPU cannot reach the confidential VM's memory, so
 * <ul>
 *   <li>registered memory is waived: {@code cudaHostRegister} on malloc'd memory is refused (NVIDIA's
 *       CC release notes, r550 TRD1 "Limitations": CUDA APIs that use pinned host memory are not
 *       supported, GPUs may not access guest VM memory directly; NVIDIA's forum answer on CC: "malloc +
 *       cudaHostRegister() is a forbidden API");</li>
 *   <li>the copy kernel and the TMA copy over host memory are waived: they read and write mapped host
 *       memory from the SMs, which is exactly that direct access (and their d2d rows with them, the engine
 *       running one set of paths for every direction: {@code --direction d2d} alone measures them);</li>
 *   <li>every other host copy is marked: the driver encrypts it into a bounce buffer in shared memory
 *       and the GPU decrypts it (pinned and write-combined allocations through UVM, pageable through the
 *       driver's staging), so its rate is CC's path, not the link's;</li>
 *   <li>GPU-to-GPU copies are marked: single-GPU passthrough gives a VM one GPU, and several GPUs
 *       share one VM only in the protected-PCIe mode (r570 TRD1), which NVML's state here does not tell.</li>
 * </ul>
 * With CC off or unknown the plan is unchanged: unknown is never a reason to skip a measurement.
 * The many-GPU patterns take the same rules from their own plans ({@code pattern.ConfidentialComputingPatternRules},
 * in their package since it names this one and not the other way round), through {@link #on}, {@link #marks} and
 * each path's {@link CopyPath#refusedByConfidentialComputing}.
 *
 * @param plan   what the run measures: the given plan less what CC forbids; empty when nothing is left
 * @param waived what CC forbids, each configuration with why
 * @param notes  the marks: what CC turns into a bounce-buffer copy, and the state itself
 */
public record ConfidentialComputingRules(Optional<BandwidthPlan> plan, List<Waiver> waived, List<String> notes) {
    static final String REGISTERED = "Confidential Computing is on: cudaHostRegister is refused (the GPU may not"
            + " reach the confidential VM's memory directly)";
    static final String KERNEL = "Confidential Computing is on: the copy kernel reads host memory from the SMs,"
            + " which the GPU may not do in a confidential VM";
    static final String TMA = "Confidential Computing is on: the TMA copy reads and writes host memory from the"
            + " SMs, which the GPU may not do in a confidential VM";
    static final String TMA_D2D = "Confidential Computing is on: the TMA copy is not run beside host directions;"
            + " --copy tma --direction d2d measures it alone";
    static final String KERNEL_D2D = "Confidential Computing is on: the copy kernel is not run beside host"
            + " directions; --copy kernel --direction d2d measures it alone";
    static final String BOUNCE = "Confidential Computing is on: host copies go through an encrypted bounce buffer"
            + " (the CPU encrypts, the GPU decrypts): these rates are CC's path, not the PCIe link's";
    static final String PEERS = "Confidential Computing is on: GPU-to-GPU copies need the protected-PCIe mode"
            + " (single-GPU passthrough gives a VM one GPU)";

    public ConfidentialComputingRules {
        waived = List.copyOf(waived);
        notes = List.copyOf(notes);
    }

    /** The rules applied to {@code plan} under {@code state}. */
    public static ConfidentialComputingRules apply(BandwidthPlan plan, Reading<ConfidentialComputingState> state) {
        Optional<ConfidentialComputingState> on = on(state);
        if (on.isEmpty()) {
            return new ConfidentialComputingRules(Optional.of(plan), List.of(), List.of());
        }
        List<Waiver> waived = new ArrayList<>();
        List<CopyDirection> hostDirections = plan.directions().stream().filter(CopyDirection::crossesLink).toList();
        List<HostMemoryKind> memories = new ArrayList<>(plan.memories());
        // Each kind says whether it is malloc'd memory page-locked by cudaHostRegister, the call CC refuses.
        List<HostMemoryKind> registering = hostDirections.isEmpty() ? List.of()
                : plan.memories().stream().filter(HostMemoryKind::registersUserMemory).toList();
        for (HostMemoryKind memory : registering) {
            memories.remove(memory);
            waive(waived, plan, List.of(memory), plan.copies(), hostDirections, REGISTERED);
        }
        List<CopyPath> copies = new ArrayList<>(plan.copies());
        // Each path says what CC forbids of it (the copy kernel: the SMs reaching host memory).
        for (CopyPath path : plan.copies()) {
            Optional<ConfidentialComputingRefusal> refused = path.refusedByConfidentialComputing();
            if (hostDirections.isEmpty() || refused.isEmpty()) {
                continue;
            }
            copies.remove(path);
            waive(waived, plan, memories, List.of(path), hostDirections, refused.get().hostCopies());
            // The engine runs one set of paths for every direction: the path's d2d rows go with it.
            if (plan.directions().contains(CopyDirection.D2D)) {
                for (long bytes : plan.sizes()) {
                    waived.add(new Waiver(new ConfigurationLabel("device", path, Optional.empty(), "d2d",
                            bytes).text(), refused.get().deviceCopies()));
                }
            }
        }
        List<String> notes = marks(on.get(), !hostDirections.isEmpty() && !memories.isEmpty(), plan.peerCopies());
        List<CopyDirection> directions = new ArrayList<>(plan.directions());
        if (memories.isEmpty()) {
            directions.removeAll(hostDirections);
            memories.add(HostMemoryKind.PAGEABLE); // any kind: no direction left moves host memory
        }
        if (directions.isEmpty() || copies.isEmpty()) {
            return new ConfidentialComputingRules(Optional.empty(), waived, notes);
        }
        // --blocks and the --kernel-* options set the grids just waived: where no grid is left, the copies
        // that are left are measured without them (the plan would refuse them, and lose those rows too).
        boolean grids = copies.stream().anyMatch(CopyPath::launchesGrid)
                || directions.stream().anyMatch(CopyDirection::kernelOnly);
        try {
            // Everything else as asked: --pieces, and the GPU pairs a run over several GPUs measures.
            return new ConfidentialComputingRules(Optional.of(new BandwidthPlan(plan.sizes(), memories, directions,
                    plan.iterations(), plan.warmup(), plan.timer(), copies, plan.staging(),
                    grids ? plan.blocks() : BlockCounts.DEFAULT, plan.allocations(), plan.warmupNanos(),
                    grids ? plan.kernelTiming() : KernelTiming.DEFAULT, plan.peerInitiations(), plan.pieces(),
                    plan.pairs())), waived, notes);
        } catch (IllegalArgumentException e) {
            // What is left cannot be a plan (--copy staged without a pageable kind left): nothing to measure.
            return new ConfidentialComputingRules(Optional.empty(), waived, notes);
        }
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
     * The notes of a run under CC {@code on}, in one order for every run that applies the rules (one
     * GPU, several, the many-GPU patterns): the state's own line first, then the bounce buffer's mark
     * where host copies are left to measure, then the protected-PCIe mode's where copies between GPUs are.
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

    private static void waive(List<Waiver> out, BandwidthPlan plan, List<HostMemoryKind> memories, List<CopyPath> copies,
                              List<CopyDirection> directions, String why) {
        for (long bytes : plan.sizes()) {
            for (HostMemoryKind memory : memories) {
                for (CopyPath copy : copies) {
                    for (CopyDirection direction : directions) {
                        out.add(new Waiver(ConfigurationLabel.of(memory, copy, Optional.empty(), direction.label(), bytes)
                                .text(), why));
                    }
                }
            }
        }
    }
}
