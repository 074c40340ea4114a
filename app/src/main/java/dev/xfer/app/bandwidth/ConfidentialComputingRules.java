package dev.xfer.app.bandwidth;

import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

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
 *   <li>a path whose own rule refuses what the waived memory leaves ({@code --copy batch-api} with no h2d
 *       or d2h left, or only heap memory, which it cannot copy asynchronously) is waived with it, its
 *       configurations with why; the other paths' rows are measured as asked, and where no path asked for
 *       is left, the driver's own (d2d and p2p, which it measures whatever {@code --copy} says, and host
 *       memory none of the paths applied to);</li>
 *   <li>every other host copy is marked: the driver encrypts it into a bounce buffer in shared memory
 *       and the GPU decrypts it (pinned and write-combined allocations through UVM, pageable through the
 *       driver's staging), so its rate is CC's path, not the link's;</li>
 *   <li>GPU-to-GPU copies are marked: single-GPU passthrough gives a VM one GPU, and several GPUs
 *       share one VM only in the protected-PCIe mode (r570 TRD1), which NVML's state here does not tell.</li>
 * </ul>
 * With CC off or unknown the plan is unchanged: unknown is never a reason to skip a measurement.
 * The many-GPU patterns take the same rules from their own plans ({@code pattern.ConfidentialComputingPatternRules},
 * in their package since it names this one and not the other way round), through
 * {@link ConfidentialComputing#on}, {@link ConfidentialComputing#marks} and each path's
 * {@link CopyPath#refusedByConfidentialComputing}. The reasons and marks are worded once, in
 * {@link ConfidentialComputing}, for every command that applies CC's rules.
 *
 * @param plan   what the run measures: the given plan less what CC forbids; empty when nothing is left
 * @param waived what CC forbids, each configuration with why
 * @param notes  the marks: what CC turns into a bounce-buffer copy, and the state itself
 */
public record ConfidentialComputingRules(Optional<BandwidthPlan> plan, List<Waiver> waived, List<String> notes) {
    static final String KERNEL = ConfidentialComputing.smsReachHost("the copy kernel reads");
    static final String TMA = ConfidentialComputing.smsReachHost("the TMA copy reads and writes");
    static final String TMA_D2D = "Confidential Computing is on: the TMA copy is not run beside host directions;"
            + " --copy tma --direction d2d measures it alone";
    static final String KERNEL_D2D = "Confidential Computing is on: the copy kernel is not run beside host"
            + " directions; --copy kernel --direction d2d measures it alone";

    public ConfidentialComputingRules {
        waived = List.copyOf(waived);
        notes = List.copyOf(notes);
    }

    /** The rules applied to {@code plan} under {@code state}. */
    public static ConfidentialComputingRules apply(BandwidthPlan plan, Reading<ConfidentialComputingState> state) {
        return apply(plan, state, false);
    }

    /**
     * The rules applied to {@code plan} under {@code state}, for a run that copies host memory beside
     * the plan's rows where {@code hostCopiesBeside} ({@code --concurrent} over several GPUs: the driver's
     * copies of pinned memory, which CC never waives): those go through the bounce buffer too, so its
     * note marks the run even where CC left the plan no host copy of its own.
     */
    public static ConfidentialComputingRules apply(BandwidthPlan plan, Reading<ConfidentialComputingState> state,
                                                   boolean hostCopiesBeside) {
        Optional<ConfidentialComputingState> on = ConfidentialComputing.on(state);
        if (on.isEmpty()) {
            return new ConfidentialComputingRules(Optional.of(plan), List.of(), List.of());
        }
        List<CopyDirection> hostDirections = plan.directions().stream().filter(CopyDirection::crossesLink).toList();
        List<HostMemoryKind> memories = new ArrayList<>(plan.memories());
        // Each kind says whether it is malloc'd memory page-locked by cudaHostRegister, the call CC refuses.
        List<HostMemoryKind> registering = hostDirections.isEmpty() ? List.of()
                : plan.memories().stream().filter(HostMemoryKind::registersUserMemory).toList();
        memories.removeAll(registering);
        // Each path says what CC forbids of it (the copy kernel: the SMs reaching host memory).
        List<CopyPath> refused = hostDirections.isEmpty() ? List.of()
                : plan.copies().stream().filter(p -> p.refusedByConfidentialComputing().isPresent()).toList();
        List<CopyPath> copies = new ArrayList<>(plan.copies());
        copies.removeAll(refused);
        List<CopyDirection> directions = new ArrayList<>(plan.directions());
        List<HostMemoryKind> kinds = memories;
        if (memories.isEmpty()) {
            directions.removeAll(hostDirections);
            kinds = List.of(HostMemoryKind.PAGEABLE); // any kind: no direction left moves host memory
        }
        // A path whose own rule refuses what is left (the batch API without h2d or d2h, or without a kind
        // it can copy asynchronously) goes, its configurations waived with why; the other paths stay.
        Map<CopyPath, String> leftNothing = new LinkedHashMap<>();
        if (!directions.isEmpty()) {
            for (CopyPath path : copies) {
                try {
                    path.checkPlan(plan.sizes(), kinds, directions, plan.pieces());
                } catch (IllegalArgumentException e) {
                    leftNothing.put(path, e.getMessage());
                }
            }
        }
        copies.removeAll(leftNothing.keySet());
        List<Waiver> waived = waivers(plan, hostDirections, registering, memories, refused, leftNothing);
        if (copies.isEmpty() && !directions.isEmpty()) {
            // No path asked for is left, but the driver's own rows are: d2d (and p2p), which it measures
            // whatever --copy says, and host memory none of the paths applied to (heap beside the batch API).
            copies.add(CopyPath.DRIVER);
            kinds = memories.stream().filter(m -> plan.pathsFor(m).contains(CopyPath.DRIVER)).toList();
            if (kinds.isEmpty()) {
                directions.removeAll(hostDirections);
                kinds = List.of(HostMemoryKind.PAGEABLE);
            }
        }
        Optional<BandwidthPlan> left = directions.isEmpty() ? Optional.empty()
                : Optional.of(rebuilt(plan, kinds, directions, copies));
        // Marked after the paths are settled: the bounce buffer where host copies are left to measure.
        boolean hostCopies = hostCopiesBeside || left.filter(BandwidthPlan::measuresHostCopies).isPresent();
        return new ConfidentialComputingRules(left, waived,
                ConfidentialComputing.marks(on.get(), hostCopies, plan.peerCopies()));
    }

    /**
     * What CC forbids of {@code plan}, each configuration with why, in this order: the kinds page-locked by
     * cudaHostRegister ({@code registering}) on every path but those left nothing, the paths CC refuses
     * ({@code refused}) over the kinds left ({@code memories}) and their d2d rows, then each path left
     * nothing ({@code leftNothing}, with its own refusal) over the kinds it would have measured.
     */
    private static List<Waiver> waivers(BandwidthPlan plan, List<CopyDirection> hostDirections,
                                        List<HostMemoryKind> registering, List<HostMemoryKind> memories,
                                        List<CopyPath> refused, Map<CopyPath, String> leftNothing) {
        List<Waiver> waived = new ArrayList<>();
        // The driver too where it was not asked for: a kind no path asked for applies to falls back to it.
        List<CopyPath> registeringPaths = Stream.concat(plan.copies().stream(), Stream.of(CopyPath.DRIVER))
                .filter(p -> !leftNothing.containsKey(p)).distinct().toList();
        for (HostMemoryKind memory : registering) {
            waive(waived, plan, List.of(memory), registeringPaths, hostDirections, ConfidentialComputing.REGISTERED);
        }
        for (CopyPath path : refused) {
            ConfidentialComputingRefusal refusal = path.refusedByConfidentialComputing().orElseThrow();
            waive(waived, plan, memories, List.of(path), hostDirections, refusal.hostCopies());
            // The engine runs one set of paths for every direction: the path's d2d rows go with it.
            if (plan.directions().contains(CopyDirection.D2D)) {
                for (long bytes : plan.sizes()) {
                    waived.add(new Waiver(new ConfigurationLabel("device", path, Optional.empty(), "d2d",
                            bytes).text(), refusal.deviceCopies()));
                }
            }
        }
        leftNothing.forEach((path, why) -> waive(waived, plan, plan.memories(), List.of(path), hostDirections,
                leftNothing(path, why)));
        return waived;
    }

    /** {@code plan} over what CC left of it: {@code memories}, {@code directions} and {@code copies}. */
    private static BandwidthPlan rebuilt(BandwidthPlan plan, List<HostMemoryKind> memories,
                                         List<CopyDirection> directions, List<CopyPath> copies) {
        // --blocks and the --kernel-* options set the grids just waived: where no grid is left, the copies
        // that are left are measured without them (the plan would refuse them, and lose those rows too);
        // --pieces splits the batch API's copies, measured without it where that path is gone.
        boolean grids = copies.stream().anyMatch(CopyPath::launchesGrid)
                || directions.stream().anyMatch(CopyDirection::kernelOnly);
        boolean pieces = copies.stream().anyMatch(CopyPath::splitsIntoPieces);
        // Everything else as asked: the GPU pairs a run over several GPUs measures.
        return new BandwidthPlan(plan.sizes(), memories, directions, plan.iterations(), plan.warmup(), plan.timer(),
                copies, plan.staging(), grids ? plan.blocks() : BlockCounts.DEFAULT, plan.allocations(),
                plan.warmupNanos(), grids ? plan.kernelTiming() : KernelTiming.DEFAULT, plan.peerInitiations(),
                pieces ? plan.pieces() : BandwidthPlan.ONE_PIECE, plan.pairs());
    }

    /**
     * Why {@code path}'s configurations are waived where refusing cudaHostRegister took every one it
     * measures and its own rule ({@code refusal}, one line for the user) refuses what is left.
     */
    static String leftNothing(CopyPath path, String refusal) {
        return "Confidential Computing is on: refusing cudaHostRegister took the configurations --copy " + path.label()
                + " needs, and it cannot measure what is left (" + refusal + ")";
    }

    private static void waive(List<Waiver> out, BandwidthPlan plan, List<HostMemoryKind> memories, List<CopyPath> copies,
                              List<CopyDirection> directions, String why) {
        for (long bytes : plan.sizes()) {
            for (HostMemoryKind memory : memories) {
                // Only the paths that would have copied this kind (staging serves pageable memory alone), and the
                // batch API once per --pieces count: each waiver names a row the run would have had.
                for (CopyPath copy : copies.stream().filter(plan.pathsFor(memory)::contains).toList()) {
                    for (OptionalInt pieces : plan.piecesOf(copy)) {
                        for (CopyDirection direction : directions) {
                            out.add(new Waiver(new ConfigurationLabel(memory.label(), copy, Optional.empty(),
                                    direction.label(), bytes, pieces).text(), why));
                        }
                    }
                }
            }
        }
    }
}
