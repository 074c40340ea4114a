package dev.xfer.app.batch;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.report.Csv;
import dev.xfer.app.report.Json;
import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The batch report as text, CSV and JSON, and its results by name: {@code batch.<strategy>.ms}
 * (median) and {@code batch.<strategy>.gbps}.
 */
public final class BatchRendering {
    private BatchRendering() {
    }

    public static String text(BatchReport report) {
        BatchPlan p = report.plan();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "%d buffers x %d bytes (%d bytes), host clock from the first call to all copies complete, "
                        + "%d iterations after %d+ warm-up runs (200 ms at least), %d threads, staging %d x %d bytes, %d copy threads%n",
                p.count(), p.bytes(), p.totalBytes(), p.iterations(), p.warmup(), p.threads(), p.stagingSlots(),
                p.stagingBytes(), p.copyThreads()));
        // the ratios are against the first strategy that ran (BatchBenchmark), not one that was unavailable
        String first = report.results().stream().filter(BatchResult::ran).findFirst()
                .orElse(report.results().getFirst()).strategy().label();
        TextTable table = TextTable.of(Column.left("strategy"), Column.right("median ms"), Column.right("min ms"),
                Column.right("max ms"), Column.right("GB/s"), Column.right("time vs " + first), Column.left("data"));
        for (BatchResult r : report.results()) {
            if (!r.ran()) {
                table.addRow(r.strategy().label(), "-", "-", "-", "-", "-", "unavailable: " + r.unavailable().orElseThrow());
                continue;
            }
            Summary ms = r.milliseconds().orElseThrow();
            table.addRow(r.strategy().label(), f(ms.median()), f(ms.min()), f(ms.max()),
                    String.format(Locale.ROOT, "%.2f", r.gigabytesPerSecond()),
                    String.format(Locale.ROOT, "%.2fx", r.timeVsFirst().orElse(Double.NaN)),
                    r.verified() ? "ok" : "WRONG (buffer " + r.wrongBuffer().orElseThrow() + ")");
        }
        out.append(table.render());
        for (BatchResult r : report.results()) {
            out.append(String.format(Locale.ROOT, "  %-23s %s%n", r.strategy().label(), r.strategy().description()));
        }
        return out.toString();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    public static String csv(BatchReport report) {
        Csv csv = Csv.withHeader("device", "strategy", "count", "bytes", "median_ms", "min_ms", "max_ms", "gbps",
                "time_vs_first", "threads", "available", "verified");
        for (BatchResult r : report.results()) {
            Optional<Summary> ms = r.milliseconds();
            csv.addRow(Integer.toString(report.context().device().index()), r.strategy().label(),
                    Integer.toString(report.plan().count()), Long.toString(report.plan().bytes()),
                    ms.map(s -> Double.toString(s.median())).orElse(""), ms.map(s -> Double.toString(s.min())).orElse(""),
                    ms.map(s -> Double.toString(s.max())).orElse(""),
                    r.ran() ? Double.toString(r.gigabytesPerSecond()) : "",
                    r.timeVsFirst().isPresent() ? Double.toString(r.timeVsFirst().getAsDouble()) : "",
                    Integer.toString(report.plan().threads()), Boolean.toString(r.ran()), Boolean.toString(r.verified()));
        }
        return csv.render();
    }

    public static Map<String, Object> parameters(BatchPlan p) {
        return Json.object("count", p.count(), "bytes", p.bytes(), "totalBytes", p.totalBytes(),
                "strategies", p.strategies().stream().map(BatchStrategy::label).toList(), "threads", p.threads(),
                "iterations", p.iterations(), "warmup", p.warmup(), "stagingSlots", p.stagingSlots(),
                "stagingBytes", p.stagingBytes(), "copyThreads", p.copyThreads());
    }

    public static List<Object> results(BatchReport report) {
        List<Object> rows = new ArrayList<>();
        for (BatchResult r : report.results()) {
            rows.add(Json.object("strategy", r.strategy().label(),
                    "available", r.ran(),
                    "unavailable", r.unavailable().orElse(null),
                    "milliseconds", r.milliseconds().<Object>map(s -> Json.object("median", s.median(), "min", s.min(),
                            "max", s.max(), "mean", s.mean(), "stddev", s.stddev(), "n", s.n())).orElse(null),
                    "gbps", r.ran() ? r.gigabytesPerSecond() : null,
                    "timeVsFirst", r.timeVsFirst().isPresent() ? r.timeVsFirst().getAsDouble() : null,
                    "verified", r.verified(),
                    "wrongBuffer", r.wrongBuffer().orElse(null)));
        }
        return rows;
    }

    public static List<MetricDeclaration> declare(BatchPlan plan) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (BatchStrategy s : plan.strategies()) {
            out.add(MetricDeclaration.of("batch." + s.label() + ".ms", MetricUnit.MILLISECONDS));
            out.add(MetricDeclaration.of("batch." + s.label() + ".gbps", MetricUnit.GBPS));
        }
        return out;
    }

    public static RunResults metrics(BatchReport report) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        for (BatchResult r : report.results()) {
            String base = "batch." + r.strategy().label();
            metrics.add(Metric.of(base + ".ms", r.milliseconds().map(Summary::median).orElse(Double.NaN),
                    MetricUnit.MILLISECONDS));
            metrics.add(Metric.of(base + ".gbps", r.ran() ? r.gigabytesPerSecond() : Double.NaN, MetricUnit.GBPS));
            String summary = r.milliseconds().map(s -> String.format(Locale.ROOT, "median %.3f ms, %.2f GB/s",
                    s.median(), r.gigabytesPerSecond())).orElse("unavailable: " + r.unavailable().orElse(""));
            configurations.add(new MeasuredConfiguration(base, summary, r.verified() ? Optional.empty()
                    : Optional.of("buffer " + r.wrongBuffer().orElseThrow() + " arrived wrong")));
        }
        return new RunResults("batch", metrics, configurations);
    }
}
