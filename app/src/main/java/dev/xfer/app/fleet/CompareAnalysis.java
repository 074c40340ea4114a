package dev.xfer.app.fleet;

import dev.xfer.app.fleet.DocumentSet.Judged;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.NoiseFloors;
import dev.xfer.app.verdict.NoiseKind;
import dev.xfer.app.verdict.RankTest;
import dev.xfer.app.verdict.RunFacts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Baseline against current, result by result, for GPUs matched across the two sides, judged
 * against the noise between runs (docs/verdicts.md):
 *
 * <ul>
 *   <li>enough runs a side for the rank test to reach {@link #ALPHA}: the Mann-Whitney U test over
 *       the runs' medians; a change is beyond noise when p &lt; ALPHA;</li>
 *   <li>otherwise the noise floor of the result's kind on that GPU model. A result that is the best
 *       of k host allocations (its row has {@code allocations}) is judged on the floor of best-of-k
 *       figures ({@link NoiseKind#bestOfK()}), measured from runs that report best-of-k: the
 *       reported figure is the best, so the noise that matters is how far the best moves between
 *       runs. The spread between a run's own allocations never widens the band: a run whose worst
 *       allocation ran at 42% of its best (22.8 of 54.0 GB/s) made a band of 137% and hid a 46.5%
 *       drop. It is reported as a finding about the host instead ({@link HostPlacement}).</li>
 * </ul>
 * Within-run noise (three standard errors of the two medians) only ever widens a band: it is never
 * the band alone, because runs vary far more between processes than inside one.
 */
public final class CompareAnalysis {
    /** The rank test's level: at most 1 false alarm in 100 same-distribution comparisons from the test alone. */
    public static final double ALPHA = 0.01;
    /** The median's standard error over the mean's, for normally distributed samples: sqrt(pi/2). */
    static final double MEDIAN_ERROR = 1.2533;
    static final double NOISE_SIGMAS = 3;

    public enum Verdict { REGRESSION, IMPROVEMENT, SAME, TOO_NOISY }

    /** What a row was judged by. */
    public enum Basis {
        RANK_TEST("runs: rank test"), NOISE_FLOOR("one run: noise floor"), BEST_OF_K_FLOOR("one run: best-of-k noise floor"),
        TOO_FEW_RUNS("too few runs for a rank test: noise floor"), NONE("no noise estimate");

        private final String text;

        Basis(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        public String json() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One result of one GPU, baseline against current.
     *
     * @param baseline  the median of the baseline runs' medians (one run: its median)
     * @param change    (current - baseline) / baseline
     * @param gain      change oriented so that positive is better (a time that fell is a gain)
     * @param noise     the band a change must leave, as a ratio: current / baseline beyond 1 + noise or
     *                  below 1 / (1 + noise); NaN for the rank test
     * @param p         the rank test's two-sided p-value; NaN when not tested
     * @param failable  false when the sides are different GPU models and the comparison was not declared meant
     * @param kind      the kind whose noise floor made the band (the widest, where the runs were of several:
     *                  best of k on one side, one allocation on the other); the result's kind for the rank test
     */
    public record Row(GpuRun baselineRun, GpuRun currentRun, String name, String unit, boolean higherIsBetter,
                      double baseline, double current, double change, double gain, Basis basis, double noise, double p,
                      int baselineRuns, int currentRuns, Verdict verdict, boolean failable, NoiseKind kind) {
        public boolean beyondNoise() {
            return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
        }

        /** A regression beyond noise and by more than {@code threshold} (a fraction). */
        public boolean failsAt(double threshold) {
            return failable && verdict == Verdict.REGRESSION && -gain > threshold;
        }
    }

    /** A host finding and the side whose run it is of ({@code baseline} or {@code current}). */
    public record Side(String side, HostPlacement.Finding finding) {
    }

    /** A GPU of the baseline matched with one of the current side, and how their contexts differ. */
    public record Pairing(String baselineGpu, String currentGpu, List<String> differences, boolean sameModel) {
    }

    /**
     * @param missing     results (and GPUs) of the baseline the current side lacks: each fails a gate
     * @param unmatched   notes: GPUs or results only on the current side, how GPUs were paired
     * @param problems    current runs whose documents recorded a failure or hold no result: each fails a gate
     * @param notes       the same about baseline runs: reported, not failed
     * @param hosts       the runs of both sides whose host allocations spread so far that host memory
     *                    placement is unstable ({@link HostPlacement}): reported, never failed, never noise
     * @param fallbacks   best-of-k kinds judged on their single-allocation floor, no best-of-k floor being measured
     */
    public record CompareFindings(List<Row> rows, List<String> unmatched, List<String> missing, List<Pairing> pairings,
                         List<String> problems, List<String> notes, List<Side> hosts, List<NoiseKind> fallbacks) {
        public boolean passes(double threshold) {
            return missing.isEmpty() && problems.isEmpty() && rows.stream().noneMatch(r -> r.failsAt(threshold));
        }
    }

    private final NoiseFloors floors;
    private final double margin;
    private final boolean acrossModels;

    /**
     * @param margin        the change a regression must exceed to fail (--fail-on-regression); a band at
     *                      least this wide is too noisy to judge a change inside it
     * @param acrossModels  the sides are different GPU models on purpose: their regressions may fail
     */
    public CompareAnalysis(NoiseFloors floors, double margin, boolean acrossModels) {
        this.floors = floors;
        this.margin = margin;
        this.acrossModels = acrossModels;
    }

    /** One GPU on one side: its runs in document order. */
    private record Gpu(String key, List<Judged> runs) {
        GpuRun first() {
            return runs.getFirst().run();
        }

        String who() {
            GpuRun r = first();
            return r.host() + " " + r.uuid().orElse("bus " + r.busId()) + " (device " + r.index() + ")";
        }
    }

    /**
     * GPUs are matched by host and UUID (bus id where a document has none); when no GPU is on both
     * sides (two machines, or a document from a machine since renamed), the i-th GPU of each side
     * is paired, in the order first read. Every run of a GPU on a side is one repetition.
     */
    public CompareFindings compare(List<Judged> baseline, List<Judged> current) {
        Map<String, Gpu> before = gpus(baseline);
        Map<String, Gpu> after = gpus(current);
        List<String> unmatched = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        statuses(baseline, notes, "baseline");
        statuses(current, problems, "current");
        List<Gpu[]> pairs = new ArrayList<>();
        boolean shared = before.keySet().stream().anyMatch(after::containsKey);
        if (shared) {
            before.forEach((key, gpu) -> {
                if (after.containsKey(key)) {
                    pairs.add(new Gpu[] {gpu, after.get(key)});
                } else {
                    missing.add(gpu.who() + ": the GPU is not in the current runs");
                }
            });
            after.forEach((key, gpu) -> {
                if (!before.containsKey(key)) {
                    unmatched.add(gpu.who() + " only in the current runs");
                }
            });
        } else {
            List<Gpu> b = List.copyOf(before.values());
            List<Gpu> a = List.copyOf(after.values());
            if (!b.isEmpty() && !a.isEmpty()) {
                unmatched.add("no GPU is on both sides (by host and UUID): GPUs paired in the order read");
            }
            for (int i = 0; i < Math.max(b.size(), a.size()); i++) {
                if (i < b.size() && i < a.size()) {
                    pairs.add(new Gpu[] {b.get(i), a.get(i)});
                } else if (i < b.size()) {
                    missing.add(b.get(i).who() + ": no GPU of the current runs to pair with");
                } else {
                    unmatched.add(a.get(i).who() + " only in the current runs");
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        List<Pairing> pairings = new ArrayList<>();
        for (Gpu[] pair : pairs) {
            List<String> differences = RunFacts.differences(pair[0].runs().stream().map(Judged::facts).toList(),
                    pair[1].runs().stream().map(Judged::facts).toList());
            boolean sameModel = pair[0].first().name().equals(pair[1].first().name());
            pairings.add(new Pairing(pair[0].who(), pair[1].who(), differences, sameModel));
            rows.addAll(rows(pair[0], pair[1], sameModel || acrossModels, missing, unmatched));
        }
        rows.sort(Comparator.comparingDouble(Row::gain));
        List<Side> hosts = new ArrayList<>();
        HostPlacement.of(baseline.stream().map(Judged::run).toList()).forEach(f -> hosts.add(new Side("baseline", f)));
        HostPlacement.of(current.stream().map(Judged::run).toList()).forEach(f -> hosts.add(new Side("current", f)));
        List<NoiseKind> fallbacks = rows.stream().map(Row::kind).filter(floors::fallsBack).distinct().toList();
        return new CompareFindings(rows, unmatched, missing, pairings, problems, notes, hosts, fallbacks);
    }

    private static void statuses(List<Judged> runs, List<String> out, String side) {
        for (Judged j : runs) {
            if (j.status().state() != DocumentStatus.State.PASS) {
                out.add(side + " " + j.run().file() + " " + j.status().state().text() + ": "
                        + String.join("; ", j.status().reasons()));
            }
        }
    }

    private static Map<String, Gpu> gpus(List<Judged> runs) {
        Map<String, List<Judged>> byKey = new LinkedHashMap<>();
        for (Judged j : runs) {
            if (j.run().unusable().isEmpty() && !j.run().measurements().isEmpty()) {
                byKey.computeIfAbsent(j.run().gpuKey(), k -> new ArrayList<>()).add(j);
            }
        }
        Map<String, Gpu> out = new LinkedHashMap<>();
        byKey.forEach((k, v) -> out.put(k, new Gpu(k, List.copyOf(v))));
        return out;
    }

    private List<Row> rows(Gpu before, Gpu after, boolean failable, List<String> missing, List<String> unmatched) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        before.runs().forEach(j -> j.run().measurements().forEach(m -> names.add(m.name())));
        LinkedHashSet<String> now = new LinkedHashSet<>();
        after.runs().forEach(j -> j.run().measurements().forEach(m -> now.add(m.name())));
        List<Row> rows = new ArrayList<>();
        for (String name : names) {
            List<Measurement> b = measurements(before, name);
            List<Measurement> a = measurements(after, name);
            if (a.isEmpty()) {
                missing.add(after.who() + ": " + name + " is in the baseline but not in the current runs");
                continue;
            }
            Measurement first = b.getFirst();
            double mb = median(b);
            if (mb == 0) {
                continue;
            }
            rows.add(row(before.first(), after.first(), first, b, a, failable));
        }
        now.removeAll(names);
        now.forEach(n -> unmatched.add(after.who() + ": " + n + " only in the current runs"));
        return rows;
    }

    private static List<Measurement> measurements(Gpu gpu, String name) {
        List<Measurement> out = new ArrayList<>();
        gpu.runs().forEach(j -> j.run().measurement(name).ifPresent(out::add));
        return out;
    }

    private Row row(GpuRun beforeRun, GpuRun afterRun, Measurement first, List<Measurement> b, List<Measurement> a, boolean failable) {
        double mb = median(b);
        double ma = median(a);
        double change = (ma - mb) / mb;
        double gain = first.higherIsBetter() ? change : -change;
        double within = b.size() == 1 && a.size() == 1 ? withinRun(b.getFirst(), a.getFirst()) : Double.NaN;
        if (b.size() >= 2 && a.size() >= 2) {
            RankTest.Outcome test = RankTest.test(values(b), values(a));
            if (test.smallestP() < ALPHA) {
                Verdict verdict = test.p() < ALPHA && change != 0 ? (gain < 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT) : Verdict.SAME;
                return new Row(beforeRun, afterRun, first.name(), first.unit(), first.higherIsBetter(), mb, ma, change, gain,
                        Basis.RANK_TEST, Double.NaN, test.p(), b.size(), a.size(), verdict, failable, first.kind());
            }
        }
        // Each run's figure is judged by the noise of its own kind: a best-of-k figure by the floor of
        // best-of-k runs. Where the runs are of two kinds (best of k against one allocation), the wider.
        NoiseKind kind = first.kind();
        OptionalDouble floor = OptionalDouble.empty();
        for (NoiseKind k : kinds(b, a)) {
            OptionalDouble f = floors.floor(afterRun.name(), k);
            if (f.isEmpty()) {
                // A kind without a floor: nothing bounds its runs' noise, whatever the other kind's floor.
                kind = k;
                floor = f;
                break;
            }
            if (floor.isEmpty() || f.getAsDouble() > floor.getAsDouble()) {
                floor = f;
                kind = k;
            }
        }
        Basis basis = floor.isEmpty() ? Basis.NONE : b.size() >= 2 && a.size() >= 2 ? Basis.TOO_FEW_RUNS
                : kind.isBestOfK() ? Basis.BEST_OF_K_FLOOR : Basis.NOISE_FLOOR;
        double band = floor.orElse(Double.NaN);
        if (!Double.isNaN(within)) {
            band = Double.isNaN(band) ? band : Math.max(band, within);
        }
        Verdict verdict;
        if (Double.isNaN(band)) {
            verdict = Verdict.TOO_NOISY;
        } else if (beyond(change, band)) {
            verdict = gain < 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
        } else {
            // Inside a band at least as wide as the margin, a regression the gate exists for could hide.
            verdict = band >= margin ? Verdict.TOO_NOISY : Verdict.SAME;
        }
        return new Row(beforeRun, afterRun, first.name(), first.unit(), first.higherIsBetter(), mb, ma, change, gain,
                basis, band, Double.NaN, b.size(), a.size(), verdict, failable, kind);
    }

    /** The kinds of the runs' figures, in order: one, or a result's kind as best of k and as one allocation. */
    private static List<NoiseKind> kinds(List<Measurement> b, List<Measurement> a) {
        LinkedHashSet<NoiseKind> kinds = new LinkedHashSet<>();
        b.forEach(m -> kinds.add(m.kind()));
        a.forEach(m -> kinds.add(m.kind()));
        return List.copyOf(kinds);
    }

    /**
     * Whether a change leaves a band given as a ratio: healthy runs were seen up to {@code 1 + band}
     * times each other, so current / baseline beyond {@code 1 + band} or below {@code 1 / (1 + band)}
     * is more than noise. (A floor of 135% for pageable copies allows a drop to 42.5%, not to -35%.)
     */
    static boolean beyond(double change, double band) {
        double ratio = 1 + change;
        return ratio > 1 + band || ratio < 1 / (1 + band);
    }

    private static double[] values(List<Measurement> runs) {
        return runs.stream().mapToDouble(Measurement::median).toArray();
    }

    static double median(List<Measurement> runs) {
        double[] v = values(runs);
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Three standard errors of the two medians, as a fraction of the baseline; NaN without spread or count. */
    static double withinRun(Measurement b, Measurement a) {
        if (b.n() < 2 || a.n() < 2 || Double.isNaN(b.stddev()) || Double.isNaN(a.stddev())) {
            return Double.NaN;
        }
        double error = MEDIAN_ERROR * Math.sqrt(b.stddev() * b.stddev() / b.n() + a.stddev() * a.stddev() / a.n());
        return NOISE_SIGMAS * error / Math.abs(b.median());
    }
}
