package dev.xfer.app.verdict;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The spread between repeated runs of one GPU, result by result, and the noise floors it gives:
 * how the table in {@code noise-floors.tsv} is made from documents of back-to-back runs in
 * separate processes. Fed one value per run (a run's median of a result).
 *
 * <p>A result's spread is {@code max / min - 1} over its runs: the largest ratio two healthy runs
 * of it showed. A kind's floor on a model is the largest spread of its results with at least
 * {@link #MIN_RUNS} runs, times {@link #HEADROOM}, rounded up to half a percent. The headroom is
 * there because ten runs do not show the extremes of the next ten: for values from one
 * distribution, the next pair falls outside the range of ten earlier ones about once in thirty
 * pairs, and a quarter more range brings that well under one in a hundred for the spreads
 * measured (the property test draws pairs from the measured runs and from a log-normal fitted to
 * them to check it).
 */
public final class BetweenRunSpread {
    public static final int MIN_RUNS = 5;
    public static final double HEADROOM = 1.25;

    /** One result of one GPU over its runs. */
    public record ResultRuns(String model, String gpu, String name, NoiseKind kind, List<Double> values) {
        public double spread() {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            return max / min - 1;
        }
    }

    private final Map<String, ResultRuns> results = new LinkedHashMap<>();

    /** One run's value of one result on one GPU, measured on one host allocation. */
    public void add(String model, String gpu, String name, Map<String, String> labels, double value) {
        add(model, gpu, name, NoiseKind.of(labels), value);
    }

    /**
     * One run's value of one result on one GPU, of a kind: a best-of-k figure is of its own kind
     * ({@link NoiseKind#of(Map, boolean)}), so its floor comes from runs that report best-of-k.
     */
    public void add(String model, String gpu, String name, NoiseKind kind, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            return;
        }
        // The kind is part of the key: the same result as best of k and as one allocation are two series.
        results.computeIfAbsent(model + "\u0000" + gpu + "\u0000" + name + "\u0000" + kind,
                k -> new ResultRuns(model, gpu, name, kind, new ArrayList<>())).values().add(value);
    }

    public List<ResultRuns> results() {
        return List.copyOf(results.values());
    }

    /** The floors these runs give, per model and kind. */
    public NoiseFloors floors() {
        Map<String, Map<NoiseKind, Double>> byModel = new TreeMap<>();
        for (ResultRuns r : results.values()) {
            if (r.values().size() < MIN_RUNS) {
                continue;
            }
            double floor = Math.ceil(r.spread() * HEADROOM * 200) / 200;
            byModel.computeIfAbsent(r.model(), m -> new EnumMap<>(NoiseKind.class)).merge(r.kind(), floor, Math::max);
        }
        return new NoiseFloors(byModel);
    }

    /** The widest result of each model and kind, for the docs table: which result set the floor. */
    public Map<String, Map<NoiseKind, ResultRuns>> widest() {
        Map<String, Map<NoiseKind, ResultRuns>> out = new TreeMap<>();
        for (ResultRuns r : results.values()) {
            if (r.values().size() < MIN_RUNS) {
                continue;
            }
            out.computeIfAbsent(r.model(), m -> new EnumMap<>(NoiseKind.class))
                    .merge(r.kind(), r, (a, b) -> b.spread() > a.spread() ? b : a);
        }
        return out;
    }
}
