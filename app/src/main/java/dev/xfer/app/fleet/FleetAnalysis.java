package dev.xfer.app.fleet;

import dev.xfer.app.stats.Median;
import dev.xfer.app.stats.RunToRun;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.DocumentStatus.State;
import dev.xfer.app.verdict.NoiseFloors;
import dev.xfer.app.verdict.NoiseKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Groups GPU runs by model and finds, for every result, the GPUs well below their peers (the rule
 * is {@link FleetRule}'s); and judges every node by what its documents say about themselves
 * ({@link DocumentStatus}) before any number: a recorded failure is FAIL, a document without a
 * result is NO RESULT, whatever the figures.
 */
public final class FleetAnalysis {
    private final FleetRule rule;
    private final NoiseFloors floors;
    private final boolean allowDisturbed;

    /**
     * @param allowDisturbed judge disturbed runs' figures as any others (--allow-disturbed), marked;
     *                       without it a disturbed run is DISTURBED, its figures kept out of every group
     */
    public FleetAnalysis(FleetRule rule, NoiseFloors floors, boolean allowDisturbed) {
        this.rule = rule;
        this.floors = floors;
        this.allowDisturbed = allowDisturbed;
    }

    public FleetAnalysis(FleetRule rule, NoiseFloors floors) {
        this(rule, floors, false);
    }

    public FleetAnalysis(FleetRule rule) {
        this(rule, NoiseFloors.shipped());
    }

    public FleetAnalysis(FleetRule rule, boolean allowDisturbed) {
        this(rule, NoiseFloors.shipped(), allowDisturbed);
    }

    /**
     * One GPU's value for one result, against its group.
     *
     * @param runToRunCov the run-to-run coefficient of variation of this GPU's runs of the result
     *                    (the stddev of their medians over their mean, {@link RunToRun}); NaN where
     *                    the group holds one run of this GPU
     */
    public record Deviation(FleetMember run, double value, double deviation, double z, boolean outlier,
                            double runToRunCov) {
    }

    /**
     * One result across one model group. The per-GPU deviations are made when asked for, so a
     * large fleet's summary never holds one object per GPU and result.
     *
     * @param mad      the median absolute deviation as measured
     * @param madUsed  the MAD the z-scores divide by: at least {@link FleetRule#MAD_FLOOR} of the median
     * @param zUsed    whether the group is large enough for z-scores to take part ({@link FleetRule#Z_MIN_GROUP})
     * @param band     how far worse than the median (two GPUs: than the better) an outlier must be:
     *                 the larger of --margin and the kind's noise floor on this model (the best-of-k
     *                 kind's where the figures are best of k host allocations; the wider where the
     *                 group holds both)
     * @param covs     each member's GPU's run-to-run CoV (NaN for a GPU of one run); empty where no
     *                 GPU of the group has several runs of the result, which is most fleets
     */
    public record ResultSpread(String name, String unit, boolean higherIsBetter, double median, double mad, double madUsed,
                               boolean zUsed, double band, double min, double max, FleetMember[] members, double[] values,
                               BitSet outliers, double[] covs) {

        /** Member {@code i}'s GPU's run-to-run CoV, NaN where its GPU has one run here. */
        public double cov(int i) {
            return covs.length == 0 ? Double.NaN : covs[i];
        }

        /** The largest run-to-run CoV of a GPU of the group, NaN where none has several runs. */
        public double worstCov() {
            double worst = Double.NaN;
            for (double c : covs) {
                if (Double.isFinite(c) && !(c <= worst)) {
                    worst = c;
                }
            }
            return worst;
        }

        public List<Deviation> deviations() {
            List<Deviation> out = new ArrayList<>(values.length);
            for (int i = 0; i < values.length; i++) {
                out.add(deviation(i));
            }
            return out;
        }

        public Deviation deviation(int i) {
            double v = values[i];
            double deviation = higherIsBetter ? (v - median) / median : median / v - 1;
            double sense = higherIsBetter ? 1 : -1;
            double z = madUsed > 0 ? sense * Median.zScore(v, median, madUsed)
                    : deviation < 0 ? Double.NEGATIVE_INFINITY : 0;
            return new Deviation(members[i], v, deviation, z, outliers.get(i), cov(i));
        }

        public int size() {
            return values.length;
        }
    }

    /** The GPUs of one model and their results. */
    public record ModelGroup(String model, List<FleetMember> runs, List<ResultSpread> results) {
    }

    /** Why one GPU run did not pass: an outlier result, a degraded link, a recorded failure, no result. */
    public record Finding(FleetMember run, State state, String reason) {
    }

    /**
     * One node's verdict: the worst state of its GPU runs.
     *
     * @param disturbed its GPU runs whose evidence found disturbances: DISTURBED, or judged and
     *                  marked under --allow-disturbed
     */
    public record Node(String host, State state, int runs, List<Finding> findings, List<FleetMember> disturbed) {
    }

    /**
     * @param placement runs whose host allocations spread so far that host memory placement is unstable
     *              ({@link UnstablePlacement}): reported, never a FAIL and never part of a band
     */
    public record FleetFindings(FleetRule rule, int documents, List<ModelGroup> groups, List<Finding> findings,
                              List<FleetMember> runs, List<Node> nodes, List<UnstablePlacement.Finding> placement,
                              boolean allowDisturbed) {
        /** No node FAILed, every node had a result, and none was disturbed. */
        public boolean passed() {
            return state() == State.PASS;
        }

        /** The worst node state (FAIL over NO RESULT over DISTURBED over PASS). */
        public State state() {
            return nodes.stream().map(Node::state).reduce(State.PASS, State::worse);
        }

        /**
         * The fleet's verdict, what its exit code follows: FAIL when a node failed; NO RESULT when
         * one had none and that is not allowed (--allow-incomplete); else DISTURBED when a node was
         * disturbed (exit 6: re-run); else NO RESULT (allowed) or PASS.
         */
        public State verdict(boolean allowIncomplete) {
            if (nodesIn(State.FAIL) > 0) {
                return State.FAIL;
            }
            if (nodesIn(State.NO_RESULT) > 0 && !allowIncomplete) {
                return State.NO_RESULT;
            }
            if (runs.stream().anyMatch(r -> !allowDisturbed && r.disturbed())) {
                return State.DISTURBED;
            }
            return nodesIn(State.NO_RESULT) > 0 ? State.NO_RESULT : State.PASS;
        }

        public long nodesIn(State state) {
            return nodes.stream().filter(n -> n.state() == state).count();
        }

        /** The hosts in the order first seen. */
        public List<String> hosts() {
            return nodes.stream().map(Node::host).toList();
        }
    }

    /** For callers holding GPU runs already (tests, small sets): every run with a clean status. */
    public FleetFindings analyse(List<GpuRun> runs) {
        return analyse(FleetMembers.of(runs));
    }

    public FleetFindings analyse(FleetMembers gathered) {
        List<FleetMember> runs = gathered.members();
        Map<String, List<FleetMember>> byModel = new TreeMap<>();
        for (FleetMember run : runs) {
            if (judged(run)) {
                byModel.computeIfAbsent(run.model(), m -> new ArrayList<>()).add(run);
            }
        }
        List<ModelGroup> groups = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        for (var entry : byModel.entrySet()) {
            ModelGroup group = group(entry.getKey(), entry.getValue(), gathered.catalog());
            groups.add(group);
            for (ResultSpread spread : group.results()) {
                for (int i = spread.outliers().nextSetBit(0); i >= 0; i = spread.outliers().nextSetBit(i + 1)) {
                    findings.add(new Finding(spread.members()[i], State.FAIL, reason(spread, i, group.model())));
                }
            }
        }
        for (FleetMember run : runs) {
            run.unusable().ifPresent(why -> findings.add(new Finding(run, State.FAIL, "no usable GPU: " + why)));
            run.link().filter(GpuRun.LinkState::widthReduced).ifPresent(l -> findings.add(new Finding(run, State.FAIL,
                    "link degraded: trained at x" + l.currentWidth() + " of x" + l.maxWidth() + ", " + l.describe())));
            if (run.disturbed() && !allowDisturbed) {
                // Measured while disturbed: its figures are not judged, and neither are the checks the
                // document recorded as failed (as smoke exits 6 for them, not 1). A re-run judges them.
                run.disturbances().forEach(d -> findings.add(new Finding(run, State.DISTURBED,
                        "disturbed, not judged (re-run): " + d.kind().label() + ": " + d.detail())));
                run.status().failures().forEach(f -> findings.add(new Finding(run, State.DISTURBED,
                        "not judged, measured while disturbed: " + f)));
            } else {
                run.status().failures().forEach(f -> findings.add(new Finding(run, State.FAIL, f)));
            }
            run.status().noResult().forEach(f -> findings.add(new Finding(run, State.NO_RESULT, f)));
        }
        findings.sort(Comparator.comparingInt(f -> f.run().order()));
        List<UnstablePlacement.Finding> placement = runs.stream().flatMap(r -> r.placement().stream()).toList();
        return new FleetFindings(rule, gathered.documents(), groups, List.copyOf(findings), List.copyOf(runs),
                nodes(runs, findings), placement, allowDisturbed);
    }

    /** Whether a run's figures take part in its group: measured, and undisturbed unless --allow-disturbed. */
    private boolean judged(FleetMember run) {
        return run.measured() && (allowDisturbed || !run.disturbed());
    }

    private static String reason(ResultSpread spread, int i, String model) {
        Deviation d = spread.deviation(i);
        if (spread.size() == 2) {
            double other = spread.values()[1 - i];
            double below = spread.higherIsBetter() ? d.value() / other - 1 : other / d.value() - 1;
            return String.format(Locale.ROOT, "%s %s %s is %.1f%% worse than the other of 2 %s GPUs (%s; band %s%%)",
                    spread.name(), Numbers.text(d.value()), spread.unit(), Math.abs(below * 100), model,
                    Numbers.text(other), Numbers.text(spread.band() * 100));
        }
        return String.format(Locale.ROOT, "%s %s %s is %.1f%% worse than the median %s of %d %s GPUs (%s)", spread.name(),
                Numbers.text(d.value()), spread.unit(), Math.abs(d.deviation() * 100), Numbers.text(spread.median()),
                spread.size(), model, spread.zUsed() ? "z " + Numbers.z(d.z())
                        : "band " + Numbers.text(spread.band() * 100) + "%; too few GPUs for a z-score");
    }

    private static List<Node> nodes(List<FleetMember> runs, List<Finding> findings) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        runs.forEach(r -> counts.computeIfAbsent(r.host(), h -> new int[1])[0]++);
        Map<String, List<FleetMember>> disturbed = new LinkedHashMap<>();
        runs.stream().filter(FleetMember::disturbed).forEach(r -> disturbed.computeIfAbsent(r.host(), h -> new ArrayList<>()).add(r));
        Map<String, List<Finding>> byHost = new LinkedHashMap<>();
        findings.forEach(f -> byHost.computeIfAbsent(f.run().host(), h -> new ArrayList<>()).add(f));
        List<Node> nodes = new ArrayList<>();
        counts.forEach((host, n) -> {
            List<Finding> own = byHost.getOrDefault(host, List.of());
            State state = own.stream().map(Finding::state).reduce(State.PASS, State::worse);
            nodes.add(new Node(host, state, n[0], List.copyOf(own), List.copyOf(disturbed.getOrDefault(host, List.of()))));
        });
        return nodes;
    }

    private ModelGroup group(String model, List<FleetMember> runs, ResultCatalog catalog) {
        // Per result id: which members have it, and their values, gathered in one pass over the members.
        Map<Integer, List<FleetMember>> having = new TreeMap<>();
        for (FleetMember run : runs) {
            for (int id : run.results()) {
                having.computeIfAbsent(id, k -> new ArrayList<>()).add(run);
            }
        }
        // Each run's GPU, numbered once per group; null where every GPU has one run (most fleets).
        Map<String, Integer> gpus = new HashMap<>();
        IdentityHashMap<FleetMember, Integer> gpuOf = new IdentityHashMap<>();
        for (FleetMember run : runs) {
            gpuOf.put(run, gpus.computeIfAbsent(run.gpuKey(), k -> gpus.size()));
        }
        IdentityHashMap<FleetMember, Integer> repeated = gpus.size() < runs.size() ? gpuOf : null;
        List<ResultSpread> results = new ArrayList<>();
        for (var e : having.entrySet()) {
            int id = e.getKey();
            FleetMember[] members = e.getValue().toArray(FleetMember[]::new);
            double[] values = new double[members.length];
            double[] spreads = new double[members.length];
            for (int i = 0; i < members.length; i++) {
                int at = members[i].position(id);
                values[i] = members[i].values()[at];
                spreads[i] = members[i].spreads()[at];
            }
            ResultCatalog.Entry entry = catalog.entry(id);
            results.add(spread(entry, model, members, values, spreads, repeated));
        }
        return new ModelGroup(model, List.copyOf(runs), results);
    }

    /** The rule of {@link FleetRule}, for one result over one model group. */
    ResultSpread spread(ResultCatalog.Entry entry, String model, FleetMember[] members, double[] values, double[] spreads,
                        IdentityHashMap<FleetMember, Integer> gpuOf) {
        boolean higherIsBetter = entry.higherIsBetter();
        double median = Median.of(values);
        double mad = Median.absoluteDeviation(values, median);
        double madUsed = Math.max(mad, FleetRule.MAD_FLOOR * Math.abs(median));
        // A best-of-k figure (one with an allocation spread) varies between runs as best-of-k figures do:
        // its kind's floor is measured from runs that report best-of-k. A group of both kinds takes the wider.
        boolean bestOfK = false;
        boolean single = false;
        for (double s : spreads) {
            bestOfK |= !Double.isNaN(s);
            single |= Double.isNaN(s);
        }
        java.util.EnumSet<NoiseKind> kinds = java.util.EnumSet.noneOf(NoiseKind.class);
        if (single) {
            kinds.add(entry.kind());
        }
        if (bestOfK) {
            kinds.add(entry.kind().bestOfK());
        }
        double band = rule.margin();
        for (NoiseKind kind : kinds) {
            OptionalDouble floor = floors.floor(model, kind);
            // The floor is a ratio between healthy runs (1 + floor); as a drop below the median it is floor / (1 + floor).
            band = Math.max(band, floor.orElse(0) / (1 + floor.orElse(0)));
        }
        boolean zUsed = values.length >= FleetRule.Z_MIN_GROUP;
        double best = Double.NaN;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            best = Double.isNaN(best) ? v : higherIsBetter ? Math.max(best, v) : Math.min(best, v);
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        BitSet outliers = new BitSet(values.length);
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            // A time is compared as the rate it stands for (10% more time is 9.1% less throughput),
            // so a band means the same for a result in GB/s and for its time.
            double deviation = higherIsBetter ? (v - median) / median : median / v - 1;
            // A run's own allocation spread is no part of the band: the figure is the best of them, and the
            // spread is a finding about the host (UnstablePlacement), not noise between runs.
            double own = band;
            boolean outlier;
            if (values.length >= 3) {
                double z = (higherIsBetter ? 1 : -1) * Median.zScore(v, median, madUsed);
                outlier = deviation < -own && (!zUsed || z < -rule.zLimit());
            } else if (values.length == 2) {
                double belowBest = higherIsBetter ? (v - best) / best : best / v - 1;
                outlier = belowBest < -own;
            } else {
                outlier = false;
            }
            outliers.set(i, outlier);
        }
        return new ResultSpread(entry.name(), entry.unit(), higherIsBetter, median, mad, madUsed, zUsed, band, min, max,
                members, values, outliers, gpuOf == null ? new double[0] : covs(members, values, gpuOf));
    }

    /**
     * Each member's GPU's run-to-run CoV over the runs here (repetitions of a {@code --runs N}
     * document, or several documents of one GPU), {@code gpuOf} numbering each run's GPU: empty
     * where every GPU has one run of the result. Judged by nothing: it says how far a GPU's own
     * runs moved, beside the outlier rule, which judges the GPU against its peers.
     */
    static double[] covs(FleetMember[] members, double[] values, Map<FleetMember, Integer> gpuOf) {
        Map<Integer, List<Integer>> byGpu = new HashMap<>();
        for (int i = 0; i < members.length; i++) {
            byGpu.computeIfAbsent(gpuOf.get(members[i]), k -> new ArrayList<>(1)).add(i);
        }
        if (byGpu.size() == members.length) {
            return new double[0];
        }
        double[] covs = new double[members.length];
        Arrays.fill(covs, Double.NaN);
        for (List<Integer> runs : byGpu.values()) {
            if (runs.size() < 2) {
                continue;
            }
            double[] medians = runs.stream().mapToDouble(i -> values[i]).toArray();
            double cov = RunToRun.of(medians).map(r -> r.cov().orElse(Double.NaN)).orElse(Double.NaN);
            runs.forEach(i -> covs[i] = cov);
        }
        return covs;
    }
}
