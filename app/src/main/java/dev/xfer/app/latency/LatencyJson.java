package dev.xfer.app.latency;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;

import java.util.ArrayList;
import java.util.List;
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
}
