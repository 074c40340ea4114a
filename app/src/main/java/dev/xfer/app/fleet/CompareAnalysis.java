package dev.xfer.app.fleet;

import dev.xfer.app.fleet.DocumentSet.Judged;
import dev.xfer.app.stats.Median;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.MannWhitneyU;
import dev.xfer.app.verdict.NoiseFloors;
import dev.xfer.app.verdict.NoiseKind;
import dev.xfer.app.verdict.RunFacts;
import dev.xfer.app.verdict.Verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

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
 *       drop. It is reported as a finding about the host instead ({@link UnstablePlacement}).</li>
 * </ul>
 * Within-run noise (three standard errors of the two medians) only ever widens a band: it is never
 * the band alone, because runs vary far more between processes than inside one.
 *
 * <p>A run whose evidence found a disturbance (docs/evidence.md) is not judged: a disturbed current
 * run is DISTURBED (its GPU's rows are made from its undisturbed runs only, none if it has none), a
 * disturbed baseline run is left out and said. With {@code allowDisturbed} they are judged as any
 * others, and the rows they made are marked.
 */
public final class CompareAnalysis {
    /** The rank test's level: at most 1 false alarm in 100 same-distribution comparisons from the test alone. */
    public static final double ALPHA = 0.01;
    /** The median's standard error over the mean's, for normally distributed samples: sqrt(pi/2). */
    static final double MEDIAN_ERROR = 1.2533;
    static final double NOISE_SIGMAS = 3;

    /** What a row was judged by. */
    public enum Basis implements dev.xfer.app.format.Labelled {
        RANK_TEST("runs: rank test"), NOISE_FLOOR("one run: noise floor"), BEST_OF_K_FLOOR("one run: best-of-k noise floor"),
        TOO_FEW_RUNS("too few runs for a rank test: noise floor"), NONE("no noise estimate"),
        /** Written by xfer before best-of-k results had a floor of their own; read in older documents, never made. */
        ALLOCATION_SPREAD("one run: allocation spread");

        private final String text;

        Basis(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        @Override
        public String label() {
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
     * @param disturbed a run of either side it was made from was disturbed (judged under --allow-disturbed)
     * @param baselineCov the baseline runs' run-to-run coefficient of variation (stddev of their medians
     *                  over their mean); empty with fewer than two runs
     * @param currentCov  the same of the current runs
     */
    public record Row(GpuRun baselineRun, GpuRun currentRun, String name, String unit, boolean higherIsBetter,
                      double baseline, double current, double change, double gain, Basis basis, double noise, double p,
                      int baselineRuns, int currentRuns, Verdict verdict, boolean failable, NoiseKind kind,
                      boolean disturbed, OptionalDouble baselineCov, OptionalDouble currentCov) {
        public boolean beyondNoise() {
            return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
        }

        /** A regression beyond noise and by more than {@code threshold} (a fraction). */
        public boolean failsAt(double threshold) {
            return failable && verdict == Verdict.REGRESSION && -gain > threshold;
        }
    }

    /** A host finding and the side whose run it is of ({@code baseline} or {@code current}). */
    public record Side(String side, UnstablePlacement.Finding finding) {
    }

    /**
     * One disturbance of one run.
     *
     * @param side   {@code baseline} or {@code current}
     * @param judged whether the run was judged all the same (--allow-disturbed); else a current run is
     *               DISTURBED and a baseline run left out
     */
    public record Disturbed(String side, GpuRun run, dev.xfer.app.result.Disturbance disturbance, boolean judged) {
        /** {@code current run.json: host GPU-... (device 0): foreign-process: pid 4711 (python) holds a context on GPU 0}. */
        public String line() {
            return side + " " + run.file() + ": " + run.who() + ": " + disturbance.kind().label() + ": " + disturbance.detail();
        }
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
     *                    placement is unstable ({@link UnstablePlacement}): reported, never failed, never noise
     * @param fallbacks   best-of-k kinds judged on their single-allocation floor, no best-of-k floor being measured
     * @param disturbed   every disturbance of a run of either side, judged or not
     * @param unjudged    baseline GPUs all of whose baseline runs were disturbed and left out: nothing to
     *                    judge their current runs against (DISTURBED, re-run the baseline)
     * @param baselineRuns how many baseline GPU runs with results were read; none left after leaving out the
     *                    disturbed ones means compare has no baseline
     */
    public record CompareFindings(List<Row> rows, List<String> unmatched, List<String> missing, List<Pairing> pairings,
                         List<String> problems, List<String> notes, List<Side> hosts, List<NoiseKind> fallbacks,
                         List<Disturbed> disturbed, List<String> unjudged, int baselineRuns, int baselineLeft) {
        public CompareFindings {
            disturbed = List.copyOf(disturbed);
            unjudged = List.copyOf(unjudged);
        }

        public boolean passes(double threshold) {
            return missing.isEmpty() && problems.isEmpty() && rows.stream().noneMatch(r -> r.failsAt(threshold));
        }

        /** Every baseline run with results was disturbed and left out: compare has no baseline. */
        public boolean noBaseline() {
            return baselineRuns > 0 && baselineLeft == 0;
        }

        /** The disturbed current runs that were not judged, and baseline GPUs left without a baseline. */
        public boolean anyUnjudged() {
            return !unjudged.isEmpty() || noBaseline()
                    || disturbed.stream().anyMatch(d -> !d.judged() && d.side().equals("current"));
        }

        /**
         * FAIL when a result failed, a baseline result is missing or a current run failed or holds no
         * result; else DISTURBED when a current run was disturbed and not judged, or a GPU (or the
         * whole side) has no undisturbed baseline: nothing judged, re-run (exit 6); else PASS.
         */
        public dev.xfer.app.verdict.DocumentStatus.State state(double threshold) {
            if (!passes(threshold)) {
                return DocumentStatus.State.FAIL;
            }
            return anyUnjudged() ? DocumentStatus.State.DISTURBED : DocumentStatus.State.PASS;
        }
    }

    private final NoiseFloors floors;
    private final double margin;
    private final boolean acrossModels;
    private final boolean allowDisturbed;

    /**
     * @param margin        the change a regression must exceed to fail (--fail-on-regression); a band at
     *                      least this wide is too noisy to judge a change inside it
     * @param acrossModels  the sides are different GPU models on purpose: their regressions may fail
     */
    public CompareAnalysis(NoiseFloors floors, double margin, boolean acrossModels) {
        this(floors, margin, acrossModels, false);
    }

    /** @param allowDisturbed judge disturbed runs as any others, their rows marked (--allow-disturbed) */
    public CompareAnalysis(NoiseFloors floors, double margin, boolean acrossModels, boolean allowDisturbed) {
        this.floors = floors;
        this.margin = margin;
        this.acrossModels = acrossModels;
        this.allowDisturbed = allowDisturbed;
    }

    /**
     * One GPU on one side: its runs to judge in document order, and those left unjudged because
     * they were disturbed. Matched with its GPU of the other side all the same, so a GPU whose runs
     * were all disturbed is neither missing nor unmatched.
     */
    private record Gpu(String key, List<Judged> runs, List<Judged> disturbed) {
        GpuRun first() {
            return runs.isEmpty() ? disturbed.getFirst().run() : runs.getFirst().run();
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
        List<Disturbed> disturbed = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        disturbances(baseline, "baseline", disturbed);
        disturbances(current, "current", disturbed);
        statuses(baseline, notes, "baseline");
        statuses(current, problems, "current");
        List<Gpu[]> pairs = new ArrayList<>();
        boolean shared = before.keySet().stream().anyMatch(after::containsKey);
        if (shared) {
            before.forEach((key, gpu) -> {
                if (after.containsKey(key)) {
                    pairs.add(new Gpu[] {gpu, after.get(key)});
                } else if (!gpu.runs().isEmpty()) {
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
                    if (!b.get(i).runs().isEmpty()) {
                        missing.add(b.get(i).who() + ": no GPU of the current runs to pair with");
                    }
                } else {
                    unmatched.add(a.get(i).who() + " only in the current runs");
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        List<Pairing> pairings = new ArrayList<>();
        for (Gpu[] pair : pairs) {
            if (pair[0].runs().isEmpty() || pair[1].runs().isEmpty()) {
                // Nothing to judge: the current GPU's runs were all disturbed (said as DISTURBED), or
                // its baseline runs were, which leaves it without a baseline.
                if (pair[0].runs().isEmpty() && !pair[1].runs().isEmpty()) {
                    unjudged.add(pair[1].who() + ": no baseline: every baseline run of " + pair[0].who()
                            + " was disturbed (left out)");
                }
                continue;
            }
            List<String> differences = RunFacts.differences(pair[0].runs().stream().map(Judged::facts).toList(),
                    pair[1].runs().stream().map(Judged::facts).toList());
            boolean sameModel = pair[0].first().name().equals(pair[1].first().name());
            pairings.add(new Pairing(pair[0].who(), pair[1].who(), differences, sameModel));
            rows.addAll(rows(pair[0], pair[1], sameModel || acrossModels, missing, unmatched));
        }
        rows.sort(Comparator.comparingDouble(Row::gain));
        List<Side> hosts = new ArrayList<>();
        UnstablePlacement.of(baseline.stream().map(Judged::run).toList()).forEach(f -> hosts.add(new Side("baseline", f)));
        UnstablePlacement.of(current.stream().map(Judged::run).toList()).forEach(f -> hosts.add(new Side("current", f)));
        List<NoiseKind> fallbacks = rows.stream().map(Row::kind).filter(floors::fallsBack).distinct().toList();
        int baselineRuns = (int) baseline.stream().filter(j -> measured(j.run())).count();
        int baselineLeft = (int) baseline.stream().filter(j -> measured(j.run()) && !leftOut(j)).count();
        return new CompareFindings(rows, unmatched, missing, pairings, problems, notes, hosts, fallbacks, disturbed,
                unjudged, baselineRuns, baselineLeft);
    }

    /** A disturbed run, when disturbed runs are not judged (no --allow-disturbed). */
    private boolean leftOut(Judged j) {
        return !allowDisturbed && !j.run().disturbances().isEmpty();
    }

    private void disturbances(List<Judged> runs, String side, List<Disturbed> out) {
        for (Judged j : runs) {
            j.run().disturbances().forEach(d -> out.add(new Disturbed(side, j.run(), d, allowDisturbed)));
        }
    }

    /**
     * A run's recorded failures and missing results. A disturbed run left unjudged has its failures
     * left unjudged too (as smoke exits 6 for them, not 1); a missing result is still one.
     */
    private void statuses(List<Judged> runs, List<String> out, String side) {
        for (Judged j : runs) {
            DocumentStatus.Status status = leftOut(j) ? new DocumentStatus.Status(List.of(), j.status().noResult()) : j.status();
            if (status.state() != DocumentStatus.State.PASS) {
                out.add(side + " " + j.run().file() + " " + status.state().text() + ": "
                        + String.join("; ", status.reasons()));
            }
        }
    }

    private static boolean measured(GpuRun run) {
        return run.unusable().isEmpty() && !run.measurements().isEmpty();
    }

    private Map<String, Gpu> gpus(List<Judged> runs) {
        Map<String, List<Judged>> byKey = new LinkedHashMap<>();
        for (Judged j : runs) {
            if (measured(j.run())) {
                byKey.computeIfAbsent(j.run().gpuKey(), k -> new ArrayList<>()).add(j);
            }
        }
        Map<String, Gpu> out = new LinkedHashMap<>();
        byKey.forEach((k, v) -> out.put(k, new Gpu(k, v.stream().filter(j -> !leftOut(j)).toList(),
                v.stream().filter(this::leftOut).toList())));
        return out;
    }

    private List<Row> rows(Gpu before, Gpu after, boolean failable, List<String> missing, List<String> unmatched) {
        ByName b = ByName.of(before);
        ByName a = ByName.of(after);
        List<Row> rows = new ArrayList<>();
        b.runs().forEach((name, baselineRuns) -> {
            List<Measurement> currentRuns = a.runs().get(name);
            if (currentRuns == null) {
                missing.add(after.who() + ": " + name + " is in the baseline but not in the current runs");
                return;
            }
            if (median(baselineRuns) == 0) {
                return;
            }
            boolean disturbed = b.disturbed().contains(name) || a.disturbed().contains(name);
            rows.add(row(before.first(), after.first(), baselineRuns.getFirst(), baselineRuns, currentRuns, failable, disturbed));
        });
        a.runs().keySet().stream().filter(n -> !b.runs().containsKey(n))
                .forEach(n -> unmatched.add(after.who() + ": " + n + " only in the current runs"));
        return rows;
    }

    /**
     * One GPU's judged runs by result name, made in one pass: each name's measurements, one per run
     * that has it (its first, as a run's results are looked up), in the order first read; and the
     * names measured by a disturbed run. Looking each name up run by run was quadratic in a run's
     * results: a baseline of 88,000 results did not finish in 400 s (benchmarks/compare-scale).
     */
    private record ByName(Map<String, List<Measurement>> runs, Set<String> disturbed) {
        static ByName of(Gpu gpu) {
            Map<String, List<Measurement>> runs = new LinkedHashMap<>();
            Set<String> disturbed = new HashSet<>();
            for (Judged j : gpu.runs()) {
                Set<String> seen = new HashSet<>();
                for (Measurement m : j.run().measurements()) {
                    if (seen.add(m.name())) {
                        runs.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m);
                        if (!j.run().disturbances().isEmpty()) {
                            disturbed.add(m.name());
                        }
                    }
                }
            }
            return new ByName(runs, disturbed);
        }
    }

    private Row row(GpuRun beforeRun, GpuRun afterRun, Measurement first, List<Measurement> b, List<Measurement> a, boolean failable,
                    boolean disturbed) {
        double mb = median(b);
        double ma = median(a);
        double change = (ma - mb) / mb;
        double gain = first.higherIsBetter() ? change : -change;
        double within = b.size() == 1 && a.size() == 1 ? withinRun(b.getFirst(), a.getFirst()) : Double.NaN;
        if (b.size() >= 2 && a.size() >= 2) {
            MannWhitneyU.Outcome test = MannWhitneyU.test(values(b), values(a));
            if (test.smallestP() < ALPHA) {
                Verdict verdict = test.p() < ALPHA && change != 0 ? (gain < 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT) : Verdict.SAME;
                return new Row(beforeRun, afterRun, first.name(), first.unit(), first.higherIsBetter(), mb, ma, change, gain,
                        Basis.RANK_TEST, Double.NaN, test.p(), b.size(), a.size(), verdict, failable, first.kind(), disturbed,
                        cov(b), cov(a));
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
                basis, band, Double.NaN, b.size(), a.size(), verdict, failable, kind, disturbed, cov(b), cov(a));
    }

    /** The runs' run-to-run CoV: the stddev of their medians over their mean; empty below two runs. */
    private static OptionalDouble cov(List<Measurement> runs) {
        return dev.xfer.app.stats.RunToRun.of(values(runs)).map(dev.xfer.app.stats.RunToRun::cov)
                .orElse(OptionalDouble.empty());
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

    /** The median of the runs' medians. */
    static double median(List<Measurement> runs) {
        return Median.of(values(runs));
    }

    /**
     * Three standard errors of the two medians, as a fraction of the baseline; NaN without spread or
     * count. A spread past a double (a null stddev) is no spread: an infinite band would call any
     * change too noisy to judge.
     */
    static double withinRun(Measurement b, Measurement a) {
        if (b.n() < 2 || a.n() < 2 || !Double.isFinite(b.stddev()) || !Double.isFinite(a.stddev())) {
            return Double.NaN;
        }
        double error = MEDIAN_ERROR * Math.sqrt(b.stddev() * b.stddev() / b.n() + a.stddev() * a.stddev() / a.n());
        return NOISE_SIGMAS * error / Math.abs(b.median());
    }
}
