package dev.xfer.app.latency;

import dev.xfer.app.format.Csv;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The latency report as JSON values and CSV. */
public final class LatencyJson {
    private LatencyJson() {
    }

    public static Map<String, Object> parameters(LatencyPlan plan, List<Integer> peers) {
        return Json.object("sizes", plan.sizes(), "targets", plan.kinds().stream().map(LatencyTarget.Kind::label).toList(),
                "peers", peers, "accesses", plan.accesses(), "iterations", plan.iterations(), "order", plan.order().label(),
                "seed", plan.seed(), "nodeBytes", LatencyPlan.NODE_BYTES, "timer", "events");
    }

    /**
     * One object per configuration. {@code target} and {@code bytes} identify it, and
     * {@code nanoseconds} holds the per-access summary, so fleet and compare name it
     * {@code latency.TARGET.SIZE.nanoseconds}.
     */
    public static List<Object> results(LatencyResults report) {
        List<Object> rows = new ArrayList<>();
        for (LatencyResult r : report.run().results()) {
            Map<String, Object> row = Json.object("target", r.target().id(), "bytes", r.bytes(),
                    "nodes", LatencyPlan.nodes(r.bytes()), "accesses", r.accesses(), "uncached", r.target().uncached(),
                    "nanoseconds", SummaryJson.of(r.nanoseconds()), "verified", r.verified());
            r.failure().ifPresent(f -> row.put("failure", f));
            rows.add(row);
        }
        return rows;
    }

    public static String csv(LatencyResults report) {
        Csv csv = Csv.withHeader("device", "target", "size", "bytes", "accesses", "median_ns", "min_ns", "max_ns",
                "mean_ns", "stddev_ns", "n", "verified");
        for (LatencyResult r : report.run().results()) {
            csv.addRow(Integer.toString(report.context().device().index()), r.target().id(),
                    ByteSize.ofBytes(r.bytes()).format(), Long.toString(r.bytes()), Long.toString(r.accesses()),
                    num(r.nanoseconds().median()), num(r.nanoseconds().min()), num(r.nanoseconds().max()),
                    num(r.nanoseconds().mean()), num(r.nanoseconds().stddev()), Integer.toString(r.nanoseconds().n()),
                    Boolean.toString(r.verified()));
        }
        return csv.render();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
