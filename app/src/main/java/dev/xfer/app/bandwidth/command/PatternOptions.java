package dev.xfer.app.bandwidth.command;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BlockCounts;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.pattern.PatternPlan;
import dev.xfer.app.bandwidth.pattern.TrafficPattern;
import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.run.EarlyNames;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code xfer bandwidth --pattern}: the many-GPU traffic patterns over the GPUs {@code --device}
 * selects, checked before CUDA, and their run over the sessions the several-device machinery
 * opened. With {@code --pattern} a run measures the patterns only, as nvbandwidth runs only the
 * test cases named with {@code -t}. {@code --initiation} lives here too, as it did when only the
 * patterns had it; without {@code --pattern} it is {@code --direction p2p}'s
 * ({@link #peerInitiations()}).
 */
public final class PatternOptions {
    @Option(names = "--pattern", split = ",", paramLabel = "PATTERN", completionCandidates = Choices.Patterns.class,
            description = {"With several GPUs (--device all or a list): many-GPU traffic patterns, as nvbandwidth's: "
                    + "${COMPLETION-CANDIDATES}, or several. Each GPU in turn is measured while every other one copies "
                    + "too (twice the bytes), all copies started together; per round the measured GPU's GB/s and the "
                    + "aggregate. Measures only the patterns, with pinned host memory; --copy picks the copy engines "
                    + "or the copy kernel (one block per SM)."})
    private List<String> patterns;

    @Option(names = "--bidirectional",
            description = "--pattern to or from host memory: the opposite copy runs beside every copy, the measured"
                    + " GPU's too (nvbandwidth's _bidirectional_ cases).")
    private boolean bidirectional;

    @Option(names = "--initiation", split = ",", paramLabel = "SIDE", completionCandidates = Choices.Initiations.class,
            description = "--direction p2p, or --pattern between GPUs: which GPU issues each copy: "
                    + "${COMPLETION-CANDIDATES}, or both (default write). write: the GPU that holds the data pushes it;"
                    + " read: the GPU that receives it pulls it.")
    private List<String> initiations;

    /** Whether {@code --pattern} was given: the run measures the patterns only. */
    boolean given() {
        return patterns != null;
    }

    /**
     * The plans {@code --pattern} asks for over {@code plan}'s sizes and copy paths, pattern by
     * pattern, form by form, path by path, size by size; every combination that cannot run is a
     * usage error here, before CUDA.
     *
     * @param concurrent    whether --concurrent was given
     * @param memoryGiven   whether --memory was given
     * @param numaGiven     whether --numa-node was given
     * @param directionGiven whether --direction was given
     */
    List<PatternPlan> plans(BandwidthPlan plan, DeviceSelection devices, boolean concurrent, boolean memoryGiven,
                            boolean numaGiven, boolean directionGiven) {
        if (!given()) {
            if (bidirectional) {
                throw new UsageException("--bidirectional sets up the many-GPU patterns: it needs --pattern");
            }
            if (initiations != null && !plan.peerCopies()) {
                throw new UsageException("--initiation picks which GPU issues each copy between GPUs: it needs"
                        + " --direction p2p, or --pattern with a pattern between GPUs");
            }
            return List.of();
        }
        if (devices.isSingle()) {
            throw new UsageException("--pattern runs many-GPU patterns: it needs two GPUs at least (--device all, or a"
                    + " list such as 0,1), not --device " + devices.label());
        }
        String only = "--pattern measures the many-GPU patterns only; ";
        if (concurrent) {
            throw new UsageException(only + "run --concurrent in another call");
        }
        if (plan.directions().contains(CopyDirection.P2P)) {
            throw new UsageException(only + "run --direction p2p in another call");
        }
        if (directionGiven) {
            throw new UsageException(only + "each pattern sets its own directions (to, from or between GPUs), so"
                    + " --direction does not apply");
        }
        if (memoryGiven) {
            throw new UsageException(only + "its host memory is always pinned, so --memory does not apply");
        }
        if (numaGiven) {
            throw new UsageException(only + "its host buffers are allocated per GPU, not placed by --numa-node");
        }
        if (plan.allocations() > 1) {
            throw new UsageException(only + "each copy has one allocation; --allocations " + plan.allocations()
                    + " is for one GPU at a time");
        }
        if (plan.timer() != CopyTimer.EVENTS) {
            throw new UsageException(only + "its copies start together on several GPUs and are timed by their events,"
                    + " not --timer " + plan.timer().label());
        }
        if (!plan.blocks().equals(BlockCounts.DEFAULT)) {
            throw new UsageException(only + "its copy kernel launches one block per SM, so --blocks does not apply");
        }
        List<TrafficPattern> chosen = patterns();
        boolean anyHost = chosen.stream().anyMatch(TrafficPattern::involvesHost);
        boolean anyPeer = chosen.stream().anyMatch(p -> !p.involvesHost());
        if (bidirectional && !anyHost) {
            throw new UsageException("--bidirectional is a form of the patterns to or from host memory; --pattern "
                    + String.join(",", chosen.stream().map(TrafficPattern::label).toList()) + " has none");
        }
        if (initiations != null && !anyPeer) {
            throw new UsageException("--initiation is a form of the copies between GPUs; --pattern "
                    + String.join(",", chosen.stream().map(TrafficPattern::label).toList()) + " has none (all-to-one"
                    + " and one-to-all have them, as --direction p2p does)");
        }
        List<Initiation> sides = peerInitiations();
        List<PatternPlan> plans = new ArrayList<>();
        try {
            for (TrafficPattern pattern : chosen) {
                for (Initiation side : pattern.involvesHost() ? List.of(Initiation.WRITE) : sides) {
                    for (CopyPath path : plan.copies()) {
                        for (long size : plan.sizes()) {
                            plans.add(new PatternPlan(pattern, pattern.involvesHost() && bidirectional, side, path,
                                    size));
                        }
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return plans;
    }

    private List<TrafficPattern> patterns() {
        LinkedHashSet<TrafficPattern> chosen = new LinkedHashSet<>();
        for (String p : patterns) {
            if (p.strip().equalsIgnoreCase("all")) {
                chosen.addAll(Arrays.asList(TrafficPattern.values()));
            } else {
                try {
                    chosen.add(TrafficPattern.fromLabel(p));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--pattern: " + e.getMessage());
                }
            }
        }
        return List.copyOf(chosen);
    }

    /**
     * {@code --initiation}'s sides in the order given, write alone by default: the patterns' forms,
     * and the forms {@code --direction p2p} measures. For a run without {@code --pattern}, call it
     * once {@link #plans} has accepted the options (it refuses {@code --initiation} where nothing
     * copies between GPUs).
     */
    List<Initiation> peerInitiations() {
        if (initiations == null) {
            return List.of(Initiation.WRITE);
        }
        LinkedHashSet<Initiation> sides = new LinkedHashSet<>();
        for (String side : initiations) {
            try {
                sides.add(Initiation.fromLabel(side));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return List.copyOf(sides);
    }

    /** The names the patterns may produce, for --expect before CUDA (any GPU index with --device all). */
    static void validateEarly(ExpectationSet expectations, List<PatternPlan> plans, DeviceSelection devices) {
        List<Integer> indices = devices.all() ? IntStream.range(0, EarlyNames.MAX_DEVICES).boxed().toList()
                : devices.indices();
        if (!expectations.isEmpty()) {
            expectations.validate(PatternPlan.declarations(plans, indices));
        }
    }
}
