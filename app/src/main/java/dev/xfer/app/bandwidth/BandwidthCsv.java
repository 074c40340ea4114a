package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.format.Csv;

import java.util.ArrayList;
import java.util.List;

/**
 * The bandwidth report as CSV: one row per measured configuration. {@code numa_node} is empty
 * when nothing was placed; {@code host_memory_nodes} lists sampled pages per node as
 * {@code node:pages} separated by spaces ({@code 0:64}, {@code 0:40 1:24}), empty when not sampled.
 * With a path besides the driver's a {@code copy} column (driver, staged or kernel); with
 * {@code --copy staged} three more: on staged rows, the median ceilings {@code h2h_gbps} and
 * {@code pinned_gbps} and which {@code bound} it; with {@code --copy kernel} two more: on kernel
 * rows, the grid it was launched with, {@code blocks} and {@code threads_per_block}.
 */
public final class BandwidthCsv {
    private BandwidthCsv() {
    }

    public static String render(BandwidthResults report) {
        return render(List.of(report));
    }

    /**
     * Several devices' reports as one table, device after device under one header: the
     * {@code device} column tells the rows apart.
     */
    public static String render(List<BandwidthResults> reports) {
        List<String> header = new ArrayList<>(List.of("device", "memory", "direction", "bytes", "median_gbps",
                "min_gbps", "max_gbps", "mean_gbps", "stddev_gbps", "median_us", "percent_of_link", "iterations",
                "timer", "verified", "numa_node", "host_memory_nodes"));
        boolean paths = reports.stream().anyMatch(r -> r.plan().showsCopyPath());
        boolean staged = reports.stream().anyMatch(r -> r.plan().staged());
        boolean kernel = reports.stream().anyMatch(r -> r.plan().kernelCopies());
        if (paths) {
            header.add("copy");
        }
        if (staged) {
            header.addAll(List.of("h2h_gbps", "pinned_gbps", "bound"));
        }
        if (kernel) {
            header.addAll(List.of("blocks", "threads_per_block"));
        }
        Csv csv = Csv.withHeader(header.toArray(String[]::new));
        for (BandwidthResults report : reports) {
            addRows(csv, report, paths, staged, kernel);
        }
        return csv.render();
    }

    private static void addRows(Csv csv, BandwidthResults report, boolean paths, boolean staged, boolean kernel) {
        for (BandwidthResult r : report.results()) {
            List<String> cells = new ArrayList<>(List.of(Integer.toString(report.context().device().index()),
                    r.memory(), r.direction(),
                    Long.toString(r.bytes()),
                    Double.toString(r.gigabytesPerSecond().median()), Double.toString(r.gigabytesPerSecond().min()),
                    Double.toString(r.gigabytesPerSecond().max()), Double.toString(r.gigabytesPerSecond().mean()),
                    Double.toString(r.gigabytesPerSecond().stddev()), Double.toString(r.microseconds().median()),
                    r.percentOfLink().isPresent() ? Double.toString(r.percentOfLink().getAsDouble()) : "",
                    Integer.toString(r.gigabytesPerSecond().n()), report.plan().timer().label(),
                    Boolean.toString(r.verified()),
                    r.numaNode().isPresent() ? Integer.toString(r.numaNode().getAsInt()) : "",
                    r.hostMemoryNodes().map(HostMemoryNodes::format).orElse("")));
            if (paths) {
                cells.add(r.copy().label());
            }
            if (staged) {
                cells.add(r.ceiling().map(c -> Double.toString(c.h2hGbps().median())).orElse(""));
                cells.add(r.ceiling().map(c -> Double.toString(c.pinnedGbps().median())).orElse(""));
                cells.add(r.ceiling().map(StagedCeiling::bound).orElse(""));
            }
            if (kernel) {
                cells.add(r.shape().map(s -> Integer.toString(s.blocks())).orElse(""));
                cells.add(r.shape().map(s -> Integer.toString(s.threadsPerBlock())).orElse(""));
            }
            csv.addRow(cells.toArray(String[]::new));
        }
    }
}
