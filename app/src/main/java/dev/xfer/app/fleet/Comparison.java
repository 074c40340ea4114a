package dev.xfer.app.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Baseline against current, result by result, for GPUs matched across the two sides.
 *
 * <p>Noise: each side's median carries a standard error of about {@code 1.2533 * stddev / sqrt(n)}
 * (the median's, for normally distributed iterations); a change is beyond noise when it exceeds
 * three times the two errors combined, {@code 3 * 1.2533 * sqrt(s1^2/n1 + s2^2/n2)}. Documents
 * carry median, stddev and n per result, which is all this needs; they do not carry every
 * iteration's sample (a large sweep would grow tenfold for a test the summaries already allow).
 * This noise is within-run noise only: run-to-run drift (clocks, other tenants) is what
 * {@code --fail-on-regression}'s threshold is for.
 */
public final class Comparison {
    /** The median's standard error over the mean's, for normally distributed samples: sqrt(pi/2). */
    static final double MEDIAN_ERROR = 1.2533;
    static final double NOISE_SIGMAS = 3;

    public enum Verdict { REGRESSION, IMPROVEMENT, SAME }

    /**
     * @param change  (current - baseline) / baseline
     * @param gain    change oriented so that positive is better (a time that fell is a gain)
     * @param noise   the change noise could explain, as a fraction of the baseline; NaN when unknown
     */
    public record Row(GpuRun baselineRun, GpuRun currentRun, String name, String unit, boolean higherIsBetter,
                      double baseline, double current, double change, double gain, double noise) {
        public boolean beyondNoise() {
            return Double.isNaN(noise) || Math.abs(change) > noise;
        }

        public Verdict verdict() {
            if (!beyondNoise() || change == 0) {
                return Verdict.SAME;
            }
            return gain < 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
        }

        /** A regression beyond noise and by more than {@code threshold} (a fraction). */
        public boolean failsAt(double threshold) {
            return verdict() == Verdict.REGRESSION && -gain > threshold;
        }
    }

    public record Report(List<Row> rows, List<String> unmatched) {
    }

    /**
     * @param byPosition pair the i-th GPU of each side (two single documents); otherwise match by
     *                   host and UUID (bus id where a document has no UUID), the latest run of each
     */
    public Report compare(List<GpuRun> baseline, List<GpuRun> current, boolean byPosition) {
        List<Row> rows = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        if (byPosition) {
            for (int i = 0; i < Math.max(baseline.size(), current.size()); i++) {
                if (i < baseline.size() && i < current.size()) {
                    rows.addAll(rows(baseline.get(i), current.get(i)));
                } else {
                    unmatched.add((i < baseline.size() ? baseline.get(i) : current.get(i)).who()
                            + (i < baseline.size() ? " only in the baseline" : " only in the current run"));
                }
            }
        } else {
            Map<String, GpuRun> before = latest(baseline);
            Map<String, GpuRun> after = latest(current);
            before.forEach((key, run) -> {
                GpuRun now = after.get(key);
                if (now == null) {
                    unmatched.add(run.who() + " only in the baseline");
                } else {
                    rows.addAll(rows(run, now));
                }
            });
            after.forEach((key, run) -> {
                if (!before.containsKey(key)) {
                    unmatched.add(run.who() + " only in the current run");
                }
            });
        }
        rows.sort(Comparator.comparingDouble(Row::gain));
        return new Report(rows, unmatched);
    }

    private static Map<String, GpuRun> latest(List<GpuRun> runs) {
        Map<String, GpuRun> latest = new LinkedHashMap<>();
        for (GpuRun run : runs) {
            latest.merge(run.gpuKey(), run, (a, b) -> b.started().compareTo(a.started()) >= 0 ? b : a);
        }
        return latest;
    }

    private static List<Row> rows(GpuRun before, GpuRun after) {
        List<Row> rows = new ArrayList<>();
        for (Measurement b : before.measurements()) {
            Optional<Measurement> found = after.measurement(b.name());
            if (found.isEmpty() || b.median() == 0) {
                continue;
            }
            Measurement a = found.get();
            double change = (a.median() - b.median()) / b.median();
            rows.add(new Row(before, after, b.name(), b.unit(), b.higherIsBetter(), b.median(), a.median(), change,
                    b.higherIsBetter() ? change : -change, noise(b, a)));
        }
        return rows;
    }

    static double noise(Measurement b, Measurement a) {
        if (b.n() < 2 || a.n() < 2 || Double.isNaN(b.stddev()) || Double.isNaN(a.stddev())) {
            return Double.NaN;
        }
        double error = MEDIAN_ERROR * Math.sqrt(b.stddev() * b.stddev() / b.n() + a.stddev() * a.stddev() / a.n());
        return NOISE_SIGMAS * error / Math.abs(b.median());
    }
}
