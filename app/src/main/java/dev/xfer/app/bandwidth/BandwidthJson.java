package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The bandwidth report as JSON values, and as CSV rows. */
public final class BandwidthJson {
    private BandwidthJson() {
    }

    /** The parameters of a run, {@code --numa-node} included (as given; {@code null} when not). */
    public static Map<String, Object> parameters(BandwidthResults report) {
        Map<String, Object> parameters = parameters(report.plan());
        parameters.put("numaNode", report.placement().option().label().orElse(null));
        return parameters;
    }

    /**
     * The plan's parameters; {@code copy} only when a path besides the driver's was asked for,
     * {@code staging} only with the staged path, {@code kernel} (its grids and block size) only with the kernel's.
     */
    public static Map<String, Object> parameters(BandwidthPlan plan) {
        Map<String, Object> parameters = Json.object(
                "sizes", plan.sizes(),
                "memories", plan.memories().stream().map(Object::toString).toList(),
                "directions", plan.directions().stream().map(CopyDirection::label).toList(),
                "iterations", plan.iterations(),
                "warmup", plan.warmup(),
                "timer", plan.timer().label());
        if (plan.allocations() > 1) {
            parameters.put("allocations", plan.allocations());
        }
        if (plan.showsCopyPath()) {
            parameters.put("copy", plan.copies().stream().map(CopyPath::label).toList());
        }
        if (plan.kernelCopies()) {
            Map<String, Object> kernel = Json.object(
                    "blocks", plan.blocks().text(),
                    "threadsPerBlock", LaunchShape.THREADS_PER_BLOCK,
                    "vectorsInFlightPerThread", LaunchShape.UNROLL,
                    "sample", plan.kernelTiming().describe(plan.timer()));
            if (plan.directions().contains(CopyDirection.BIDIR)) {
                kernel.put("bidir", plan.kernelTiming().bidir().describe());
            }
            parameters.put("kernel", kernel);
        }
        if (plan.staged()) {
            parameters.put("staging", Json.object(
                    "threads", plan.staging().threads(),
                    "slotsPerThread", plan.staging().slotsPerThread(),
                    "slotBytes", plan.staging().slotBytes(),
                    "hostCopy", plan.staging().hostCopy().label(),
                    "timer", "wall"));
        }
        return parameters;
    }

    public static List<Object> results(BandwidthResults report) {
        List<Object> rows = new ArrayList<>();
        for (BandwidthResult r : report.results()) {
            Map<String, Object> row = Json.object(
                    "memory", r.memory(),
                    "direction", r.direction(),
                    "bytes", r.bytes(),
                    "gbps", summary(r.gigabytesPerSecond()),
                    "microseconds", summary(r.microseconds()),
                    "percentOfLink", r.percentOfLink().isPresent() ? r.percentOfLink().getAsDouble() : null,
                    "verified", r.verified(),
                    "numaNode", r.numaNode().isPresent() ? r.numaNode().getAsInt() : null,
                    "hostMemoryNodes", r.hostMemoryNodes().map(HostMemoryNodes::toJson).orElse(null));
            // The driver's rows are as they always were; a staged row says so, and what bounds it.
            if (r.copy() != CopyPath.DRIVER) {
                row.put("copy", r.copy().label());
                r.ceiling().ifPresent(c -> row.put("ceiling", ceiling(c, r.gigabytesPerSecond().median())));
                r.shape().ifPresent(s -> {
                    row.put("blocks", s.blocks());
                    row.put("threadsPerBlock", s.threadsPerBlock());
                });
            }
            // Best and worst of the per-allocation medians: what the link can do, and how far placement moved it.
            r.allocations().ifPresent(a -> row.put("allocations", Json.object(
                    "count", a.count(), "best", a.best(), "worst", a.worst())));
            rows.add(row);
        }
        return rows;
    }

    static Map<String, Object> ceiling(StagedCeiling c, double stagedGbps) {
        return Json.object(
                "h2hGbps", summary(c.h2hGbps()),
                "pinnedGbps", summary(c.pinnedGbps()),
                "bound", c.bound(),
                "boundGbps", c.boundGbps(),
                "percentOfBound", c.percentOfBound(stagedGbps));
    }

    public static List<Object> failures(BandwidthResults report) {
        return VerificationFailureJson.rows(report.failures());
    }

    static Map<String, Object> summary(Summary s) {
        return SummaryJson.of(s);
    }
}
