package dev.xfer.app.fleet;

import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Groups GPU runs by model and finds, for every result, the GPUs well below their peers. */
public final class FleetAnalysis {
    private final FleetRule rule;

    public FleetAnalysis(FleetRule rule) {
        this.rule = rule;
    }

    /** One GPU's value for one result, against its group. */
    public record Deviation(GpuRun run, double value, double deviation, double z, boolean outlier) {
    }

    /** One result across one model group. */
    public record ResultSpread(String name, String unit, boolean higherIsBetter, double median, double mad,
                               List<Deviation> deviations) {
    }

    /** The GPUs of one model and their results. */
    public record ModelGroup(String model, List<GpuRun> runs, List<ResultSpread> results) {
    }

    /** Why one GPU run failed: an outlier result or a degraded link. */
    public record Finding(GpuRun run, String reason) {
    }

    public record FleetReport(FleetRule rule, int documents, List<ModelGroup> groups, List<Finding> findings,
                              List<GpuRun> runs) {
        public boolean passed() {
            return findings.isEmpty();
        }

        /** The hosts in the order first seen. */
        public List<String> hosts() {
            return runs.stream().map(GpuRun::host).distinct().toList();
        }

        public List<Finding> findingsOf(GpuRun run) {
            return findings.stream().filter(f -> f.run() == run).toList();
        }
    }

    public FleetReport analyse(List<GpuRun> runs) {
        Map<String, List<GpuRun>> byModel = new TreeMap<>();
        for (GpuRun run : runs.stream().filter(r -> r.unusable().isEmpty()).toList()) {
            byModel.computeIfAbsent(run.name(), m -> new ArrayList<>()).add(run);
        }
        List<ModelGroup> groups = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        for (var entry : byModel.entrySet()) {
            ModelGroup group = group(entry.getKey(), entry.getValue());
            groups.add(group);
            for (ResultSpread spread : group.results()) {
                for (Deviation d : spread.deviations()) {
                    if (d.outlier()) {
                        findings.add(new Finding(d.run(), String.format(java.util.Locale.ROOT,
                                "%s %s %s is %.1f%% %s the median %s of %d %s GPUs (z %s)", spread.name(),
                                Numbers.text(d.value()), spread.unit(), Math.abs(d.deviation() * 100),
                                d.deviation() < 0 ? "worse than" : "better than", Numbers.text(spread.median()),
                                spread.deviations().size(), group.model(), Numbers.z(d.z()))));
                    }
                }
            }
        }
        for (GpuRun run : runs) {
            run.unusable().ifPresent(why -> findings.add(new Finding(run, "no usable GPU: " + why)));
            run.link().filter(GpuRun.LinkState::widthReduced).ifPresent(l -> findings.add(
                    new Finding(run, "link degraded: trained at x" + l.currentWidth() + " of x" + l.maxWidth() + ", " + l.describe())));
        }
        findings.sort(Comparator.comparingInt(f -> runs.indexOf(f.run())));
        long documents = runs.stream().map(GpuRun::file).distinct().count();
        return new FleetReport(rule, (int) documents, groups, findings, List.copyOf(runs));
    }

    private ModelGroup group(String model, List<GpuRun> runs) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        runs.forEach(r -> r.measurements().forEach(m -> names.add(m.name())));
        List<ResultSpread> results = new ArrayList<>();
        for (String name : names) {
            List<GpuRun> having = runs.stream().filter(r -> r.measurement(name).isPresent()).toList();
            Measurement first = having.getFirst().measurement(name).orElseThrow();
            double[] values = having.stream().mapToDouble(r -> r.measurement(name).orElseThrow().median()).toArray();
            results.add(spread(name, first.unit(), first.higherIsBetter(), having, values));
        }
        return new ModelGroup(model, List.copyOf(runs), results);
    }

    /** The rule of {@link FleetRule}, for one result over one model group. */
    ResultSpread spread(String name, String unit, boolean higherIsBetter, List<GpuRun> runs, double[] values) {
        double median = median(values);
        double[] distances = Arrays.stream(values).map(v -> Math.abs(v - median)).toArray();
        double mad = median(distances);
        double best = higherIsBetter ? Arrays.stream(values).max().orElseThrow() : Arrays.stream(values).min().orElseThrow();
        List<Deviation> deviations = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            double sense = higherIsBetter ? 1 : -1;
            // A time is compared as the rate it stands for (10% more time is 9.1% less throughput),
            // so --margin means the same for a result in GB/s and for its time.
            double deviation = higherIsBetter ? (v - median) / median : median / v - 1;
            double z = mad > 0 ? sense * (v - median) / (FleetRule.MAD_SCALE * mad)
                    : deviation < 0 ? Double.NEGATIVE_INFINITY : 0;
            boolean outlier;
            if (values.length >= 3) {
                outlier = z < -rule.zLimit() && deviation < -rule.margin();
            } else if (values.length == 2) {
                double belowBest = higherIsBetter ? (v - best) / best : best / v - 1;
                outlier = belowBest < -rule.margin();
            } else {
                outlier = false;
            }
            deviations.add(new Deviation(runs.get(i), v, deviation, z, outlier));
        }
        return new ResultSpread(name, unit, higherIsBetter, median, mad, deviations);
    }

    static double median(double[] values) {
        return Summary.of(values).median();
    }
}
