package dev.xfer.app.bandwidth;

import dev.xfer.app.report.Csv;

/** The bandwidth report as CSV: one row per measured configuration. */
public final class BandwidthCsv {
    private BandwidthCsv() {
    }

    public static String render(BandwidthReport report) {
        Csv csv = Csv.withHeader("device", "memory", "direction", "bytes", "median_gbps", "min_gbps", "max_gbps",
                "mean_gbps", "stddev_gbps", "median_us", "percent_of_link", "iterations", "timer", "verified");
        for (BandwidthResult r : report.results()) {
            csv.addRow(Integer.toString(report.context().device().index()), r.memory(), r.direction(),
                    Long.toString(r.bytes()),
                    Double.toString(r.gigabytesPerSecond().median()), Double.toString(r.gigabytesPerSecond().min()),
                    Double.toString(r.gigabytesPerSecond().max()), Double.toString(r.gigabytesPerSecond().mean()),
                    Double.toString(r.gigabytesPerSecond().stddev()), Double.toString(r.microseconds().median()),
                    r.percentOfLink().isPresent() ? Double.toString(r.percentOfLink().getAsDouble()) : "",
                    Integer.toString(r.gigabytesPerSecond().n()), report.plan().timer().label(),
                    Boolean.toString(r.verified()));
        }
        return csv.render();
    }
}
