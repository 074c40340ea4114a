package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.output.AcrossRow;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One round of a many-GPU pattern ({@code --pattern}) as an entry of the {@code patterns} array of a
 * several-device document: {@code pattern} (the form, e.g. {@code all-to-one-read}), {@code copy}
 * ({@code driver} or {@code kernel}), {@code direction} ({@code d2h}, {@code h2d} or {@code p2p}),
 * {@code bytes} (each timed copy; interfering ones move twice as much), {@code device} (the
 * measured GPU's CUDA index), {@code others} (the GPUs beside it), {@code copies} (how many ran at once),
 * {@code gbps} (summary of the measured figure, GB/s), {@code aggregateGbps} (summary of all
 * copies together, GB/s) and {@code verified}. A round's results belong to its measured GPU
 * (as a one-device row belongs to its device), so the GPU index is no part of their identity:
 * fleet lines up one pattern's figure across every GPU; the number of copies at once is
 * ({@code copies}, read as the identity's {@code count}), since it changes the figure. xfer always
 * writes {@code others}; the schema does not require it, nor does this record when it binds a row.
 */
public record PatternRow(String pattern, String copy, String direction, long bytes, int device,
                         Optional<List<Integer>> others, int copies, Summary gbps, Summary aggregateGbps,
                         boolean verified) implements AcrossRow {

    public PatternRow {
        dev.xfer.app.output.Row.oneOf("copy", copy, List.of("driver", "kernel"));
        dev.xfer.app.output.Row.oneOf("direction", direction, List.of("h2d", "d2h", "p2p"));
        dev.xfer.app.output.Row.size(bytes);
        others = others.map(List::copyOf);
    }

    /**
     * The measured copy's rate and all copies' together, the measured GPU's (as a one-device row
     * is its device's: no GPU index); the copies at once are the identity's count.
     */
    @Override
    public List<Owned> results(RowScope scope) {
        return List.of(Owned.of(scope.path() + ".device", device, scope.figures()
                .word(IdentityField.PATTERN, "pattern", pattern).word(IdentityField.COPY, "copy", copy)
                .word(IdentityField.DIRECTION, "direction", direction).count(IdentityField.BYTES, "bytes", bytes)
                .count(IdentityField.COUNT, "copies", copies).verified(verified)
                .rate("gbps", gbps).rate("aggregateGbps", aggregateGbps).results()));
    }

    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(true).named(copy).named(direction).sized(bytes).verified(verified).row();
    }

    /**
     * The rounds of {@code rounds} as a run hands them on while it measures, each as its row says
     * it ({@link #of}): the measured GPU's figure, then the aggregate, each failing when any copy
     * of the round delivered wrong data. A round whose timer gave no time has no row: both of its
     * results fail with why, and no figure can meet an expectation.
     */
    public static RunResults runResults(List<PatternResult> rounds) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (PatternResult r : rounds) {
            Optional<String> why = r.notMeasured();
            if (why.isEmpty()) {
                of(r).handedOn(metrics, configurations);
                continue;
            }
            for (String each : List.of(PatternResult.name(r.form(), r.path(), r.bytes(), r.gpu()),
                    PatternResult.aggregateName(r.form(), r.path(), r.bytes(), r.gpu()))) {
                metrics.add(Metric.of(each, Double.NaN, MetricUnit.GBPS));
                configurations.add(new MeasuredConfiguration(each, "not measured", why));
            }
        }
        return new RunResults("bandwidth-pattern", metrics, configurations);
    }

    /** This round's two results, the measured GPU's figure and then the aggregate, after {@code metrics} and {@code configurations}. */
    private void handedOn(List<Metric> metrics, List<MeasuredConfiguration> configurations) {
        Optional<String> failure = verified ? Optional.empty()
                : Optional.of("data came back wrong in the round of GPU " + device);
        CopyPath path = CopyPath.ofLabel(copy).orElseThrow();
        String name = PatternResult.name(pattern, path, bytes, device);
        String aggregate = PatternResult.aggregateName(pattern, path, bytes, device);
        metrics.add(Metric.of(name, gbps.median(), MetricUnit.GBPS));
        configurations.add(new MeasuredConfiguration(name, String.format(Locale.ROOT,
                "%s, %d bytes, GPU %d measured beside GPUs %s (%d copies at once): median %.2f GB/s"
                        + " (min %.2f, max %.2f) over %d iterations", pattern, bytes, device,
                String.join(",", others.orElseThrow().stream().map(String::valueOf).toList()), copies, gbps.median(),
                gbps.min(), gbps.max(), gbps.n()), failure));
        metrics.add(Metric.of(aggregate, aggregateGbps.median(), MetricUnit.GBPS));
        configurations.add(new MeasuredConfiguration(aggregate, String.format(Locale.ROOT,
                "%s, %d copies at once while GPU %d was measured: median aggregate %.2f GB/s (min %.2f, max %.2f)",
                pattern, copies, device, aggregateGbps.median(), aggregateGbps.min(), aggregateGbps.max()), failure));
    }

    public static PatternRow of(PatternResult r) {
        return new PatternRow(r.form(), r.path().label(), r.direction(), r.bytes(), r.gpu(), Optional.of(r.others()),
                r.copies(), r.gigabytesPerSecond().measured().orElseThrow(), r.aggregateGbps().measured().orElseThrow(),
                r.verified());
    }

    /**
     * Each of {@code results} with both figures, in order; a round whose timer gave no time has
     * none, but a {@code failures} entry ({@link #failures}).
     */
    public static List<PatternRow> rows(List<PatternResult> results) {
        return results.stream().filter(r -> r.notMeasured().isEmpty()).map(PatternRow::of).toList();
    }

    /** A {@code failures} entry for each round whose timer gave no time. */
    public static List<FailureRow> failures(List<PatternResult> results) {
        return results.stream().flatMap(r -> r.notMeasured()
                .map(why -> FailureRow.unmeasured(r.configuration(), OptionalInt.empty(), why)).stream()).toList();
    }
}
