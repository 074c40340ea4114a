package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.Csv;

import dev.xfer.app.stats.Summary;

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
            if (!(r.gigabytesPerSecond() instanceof Summary rates) || !(r.aggregateGbps() instanceof Summary all)) {
                // A round whose timer gave no time: no figure, written as empty cells, as xfer's CSV writes none.
                csv.addRow(r.form(), r.path().label(), r.direction(), Long.toString(r.bytes()), Integer.toString(r.gpu()),
                        String.join(" ", r.others().stream().map(String::valueOf).toList()), Integer.toString(r.copies()),
                        "", "", "", "", "", "", "", "", "0", Boolean.toString(r.verified()));
                continue;
            }
            csv.addRow(r.form(), r.path().label(), r.direction(), Long.toString(r.bytes()), Integer.toString(r.gpu()),
                    String.join(" ", r.others().stream().map(String::valueOf).toList()), Integer.toString(r.copies()),
                    Double.toString(rates.median()), Double.toString(rates.min()), Double.toString(rates.max()),
                    Double.toString(rates.mean()), Double.toString(rates.stddev()), Double.toString(all.median()),
                    Double.toString(all.min()), Double.toString(all.max()), Integer.toString(rates.n()),
                    Boolean.toString(r.verified()));
        }
        return csv.render();
    }
}
