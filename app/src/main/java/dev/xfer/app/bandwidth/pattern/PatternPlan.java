package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * A many-GPU traffic pattern over the GPUs {@code --device} selects: which copies run in each
 * round, which GPU issues each, and which are timed. No CUDA here: the engine runs the rounds, and
 * the copy path ({@link CopyPath}) decides how each planned copy is issued.
 *
 * @param bidirectional for host patterns: the opposite copy runs beside every one (the measured
 *                      GPU's as interference too), as nvbandwidth's {@code _bidirectional_} cases
 * @param initiation    for GPU patterns: whether the GPU that holds the data writes it or the one
 *                      that receives it reads it
 * @param bytes         the timed copies' size; interfering copies move twice as much
 */
public record PatternPlan(TrafficPattern pattern, boolean bidirectional, Initiation initiation, CopyPath path,
                          long bytes) {
    /** @throws IllegalArgumentException for a form the pattern does not have, in the options' words */
    public PatternPlan {
        if (bidirectional && !pattern.involvesHost()) {
            throw new IllegalArgumentException(pattern + " has no bidirectional form (nvbandwidth has none either):"
                    + " its read and write forms move data each way");
        }
        if (!path.measuresPatterns()) {
            // Staging is for memory the copy engine cannot read; every pattern copy is page-locked or on a GPU.
            // The TMA copy is measured alone (bandwidth's h2d, d2h and d2d), not in the patterns yet. The
            // batch API is not issued by the pattern engine: its copies would be the copy engines' by another name.
            throw new IllegalArgumentException("many-GPU patterns copy page-locked and device memory, by the copy"
                    + " engines (--copy driver) or the copy kernel (--copy kernel), not --copy " + path.label());
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException("a pattern copy of " + bytes + " bytes");
        }
    }

    /**
     * The pattern in the form this plan runs, as one word: {@code all-to-host},
     * {@code all-to-host-bidirectional}, {@code all-to-one-write}, {@code one-to-all-read}, ... (the
     * result's pattern in names and documents; nvbandwidth's test cases without their {@code _ce}/{@code _sm}).
     */
    public String form() {
        if (pattern.involvesHost()) {
            return bidirectional ? pattern.label() + "-bidirectional" : pattern.label();
        }
        return pattern.label() + "-" + initiation.label();
    }

    /** Why a run over {@code gpus} has no patterns to measure, or empty when it has. */
    public static Optional<String> whyNone(List<Integer> gpus) {
        if (gpus.size() >= 2) {
            return Optional.empty();
        }
        return Optional.of("no many-GPU patterns: they need two GPUs at least (one measured, the others"
                + " interfering); this run has " + (gpus.isEmpty() ? "none" : "one (GPU " + gpus.getFirst() + ")"));
    }

    /**
     * One round per GPU, in order: that GPU measured, the others interfering. For GPU patterns only
     * the pairs {@code canAccessPeer(initiator, other)} allows take part; a GPU left with none has
     * no round.
     */
    public List<PatternRound> rounds(List<Integer> gpus, BiPredicate<Integer, Integer> canAccessPeer) {
        return rounds(gpus, canAccessPeer, pair -> true);
    }

    /**
     * {@link #rounds(List, BiPredicate)} with the copies between GPUs also limited to the ordered
     * pairs (data from, data to) that {@code chosen} accepts ({@code --pair}, {@code --pairs}); the
     * host patterns' copies are no pairs and always run.
     */
    public List<PatternRound> rounds(List<Integer> gpus, BiPredicate<Integer, Integer> canAccessPeer,
                                     Predicate<GpuPair> chosen) {
        List<PatternRound> rounds = new ArrayList<>();
        if (whyNone(gpus).isPresent()) {
            return rounds;
        }
        for (int measured : gpus) {
            List<PlannedCopy> copies = pattern.involvesHost() ? hostRound(gpus, measured)
                    : peerRound(gpus, measured, canAccessPeer, chosen);
            if (copies.stream().anyMatch(PlannedCopy::timed)) {
                rounds.add(new PatternRound(measured, copies));
            }
        }
        return rounds;
    }

    private List<PlannedCopy> hostRound(List<Integer> gpus, int measured) {
        boolean toHost = pattern == TrafficPattern.ALL_TO_HOST;
        List<PlannedCopy> copies = new ArrayList<>();
        for (int g : gpus) {
            boolean isMeasured = g == measured;
            copies.add(hostCopy(g, toHost, isMeasured ? bytes : 2 * bytes, isMeasured));
            if (bidirectional) {
                copies.add(hostCopy(g, !toHost, 2 * bytes, false));
            }
        }
        return copies;
    }

    private static PlannedCopy hostCopy(int gpu, boolean toHost, long size, boolean timed) {
        Endpoint device = Endpoint.device(gpu);
        Endpoint host = Endpoint.hostFor(gpu);
        return toHost ? new PlannedCopy(device, host, gpu, size, timed) : new PlannedCopy(host, device, gpu, size, timed);
    }

    private List<PlannedCopy> peerRound(List<Integer> gpus, int one, BiPredicate<Integer, Integer> canAccessPeer,
                                        Predicate<GpuPair> chosen) {
        List<PlannedCopy> copies = new ArrayList<>();
        for (int other : gpus) {
            if (other == one) {
                continue;
            }
            // all-to-one: the others act on the one; one-to-all: the one acts on the others.
            int actor = pattern == TrafficPattern.ALL_TO_ONE ? other : one;
            int acted = actor == other ? one : other;
            boolean writes = initiation == Initiation.WRITE;
            Endpoint from = Endpoint.device(writes ? actor : acted);
            Endpoint to = Endpoint.device(writes ? acted : actor);
            if (canAccessPeer.test(actor, acted) && chosen.test(new GpuPair(from.gpu(), to.gpu()))) {
                copies.add(new PlannedCopy(from, to, actor, bytes, true));
            }
        }
        return copies;
    }

    /**
     * The names this plan may produce on {@code devices} (CUDA indices), before anything is
     * measured: each GPU's round and its aggregate ({@link PatternResult} says how).
     */
    public List<MetricDeclaration> declarations(List<Integer> devices) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (int gpu : devices) {
            out.add(MetricDeclaration.of(PatternResult.name(form(), path, bytes, gpu), MetricUnit.GBPS));
            out.add(MetricDeclaration.of(PatternResult.aggregateName(form(), path, bytes, gpu), MetricUnit.GBPS));
        }
        return out;
    }

    /** Each planned pattern waived with {@code why}, named as its rows would be without their GPU. */
    public static List<Waiver> waivers(List<PatternPlan> plans, String why) {
        return plans.stream().map(p -> new Waiver(p.form() + (!p.path().namedInLabels() ? ""
                : " " + p.path().label()) + " " + p.bytes() + " B", why)).distinct().toList();
    }

    /** {@link #declarations(List)} of every plan, plan by plan. */
    public static List<MetricDeclaration> declarations(List<PatternPlan> plans, List<Integer> devices) {
        return plans.stream().flatMap(p -> p.declarations(devices).stream()).toList();
    }
}
