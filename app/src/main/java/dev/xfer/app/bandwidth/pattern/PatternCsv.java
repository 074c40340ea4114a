package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.Csv;

import java.util.List;

/**
 * The many-GPU patterns ({@code --pattern}) as CSV: one row per round, the measured GPU's figure
 * ({@code median_gbps}, ...) beside the aggregate of every copy of the round
 * ({@code aggregate_median_gbps}, ...); {@code device} is the measured GPU, {@code others} lists the GPUs beside the measured one,
 * separated by spaces.
 */
public final class PatternCsv {
    private PatternCsv() {
    }

    public static String render(List<PatternResult> results) {
        Csv csv = Csv.withHeader("pattern", "copy", "direction", "bytes", "device", "others", "copies", "median_gbps",
                "min_gbps", "max_gbps", "mean_gbps", "stddev_gbps", "aggregate_median_gbps", "aggregate_min_gbps",
                "aggregate_max_gbps", "iterations", "verified");
        for (PatternResult r : results) {
            csv.addRow(r.form(), r.path().label(), r.direction(), Long.toString(r.bytes()), Integer.toString(r.gpu()),
                    String.join(" ", r.others().stream().map(String::valueOf).toList()), Integer.toString(r.copies()),
                    Double.toString(r.gigabytesPerSecond().median()), Double.toString(r.gigabytesPerSecond().min()),
                    Double.toString(r.gigabytesPerSecond().max()), Double.toString(r.gigabytesPerSecond().mean()),
                    Double.toString(r.gigabytesPerSecond().stddev()), Double.toString(r.aggregateGbps().median()),
                    Double.toString(r.aggregateGbps().min()), Double.toString(r.aggregateGbps().max()),
                    Integer.toString(r.gigabytesPerSecond().n()), Boolean.toString(r.verified()));
        }
        return csv.render();
    }
}
