package dev.xfer.app.overlap;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The overlap report as JSON values and as CSV. {@code numaNode} is {@code null} (CSV: empty)
 * when nothing was placed; {@code hostMemoryNodes} gives sampled pages of the host array per node,
 * {@code null} (CSV: empty) when not sampled.
 */
public final class OverlapJson {
    private OverlapJson() {
    }

    /** The parameters of a run, {@code --numa-node} included (as given; {@code null} when not). */
    public static Map<String, Object> parameters(OverlapResults report) {
        Map<String, Object> parameters = parameters(report.plan());
        parameters.put("numaNode", report.placement().option().label().orElse(null));
        return parameters;
    }

    /**
     * The plan's parameters. {@code "start": "gated"} only for a gated run: a plain run's document is
     * the one written before there was a choice, and a reader takes an absent start as plain.
     */
    public static Map<String, Object> parameters(OverlapPlan plan) {
        Map<String, Object> parameters = Json.object("elements", plan.elements(), "bytes", plan.bytes(),
                "streams", plan.streams(), "blockSize", plan.blockSize(), "kernelIterations", plan.kernelIterations(),
                "schedules", plan.schedules().stream().map(OverlapSchedule::label).toList(),
                "iterations", plan.iterations(), "warmup", plan.warmup(), "memory", plan.memory().label());
        if (plan.gated()) {
            parameters.put("start", plan.start().label());
        }
        return parameters;
    }

    /**
     * One row per schedule (and node). A gated run's rows say {@code "start": "gated"} too, so the
     * rows smoke copies into its own document keep their identity without overlap's parameters.
     */
    public static List<Object> results(OverlapResults report) {
        List<Object> rows = new ArrayList<>();
        for (OverlapResult r : report.results()) {
            Summary ms = r.milliseconds();
            Map<String, Object> row = Json.object("schedule", r.schedule().label(),
                    "milliseconds", SummaryJson.of(ms),
                    "gbps", r.gigabytesPerSecond(),
                    "speedup", r.speedup().isPresent() ? r.speedup().getAsDouble() : null,
                    "efficiency", r.efficiency(),
                    "maxError", Double.isNaN(r.maxError()) ? null : r.maxError(),
                    "withinTolerance", r.withinTolerance(),
                    "numaNode", node(r.numaNode()),
                    "hostMemoryNodes", r.hostMemoryNodes().map(HostMemoryNodes::toJson).orElse(null));
            if (report.plan().gated()) {
                row.put("start", report.plan().start().label());
            }
            rows.add(row);
        }
        return rows;
    }

    /** The first pass's model: the only one without {@code --numa-node all}. */
    public static Map<String, Object> model(OverlapResults report) {
        return model(report.model(), report);
    }

    /** Each pass's model, with the node it was placed on ({@code null} when not placed). */
    public static List<Object> models(OverlapResults report) {
        List<Object> models = new ArrayList<>();
        for (OverlapResults.Pass pass : report.passes()) {
            Map<String, Object> m = Json.object("numaNode", node(pass.numaNode()));
            m.putAll(model(pass.model(), report));
            models.add(m);
        }
        return models;
    }

    private static Map<String, Object> model(OverlapModel m, OverlapResults report) {
        return Json.object("h2dMs", m.h2dMs(), "kernelMs", m.kernelMs(), "d2hMs", m.d2hMs(),
                "sequentialMs", m.sequentialMs(), "idealMs", m.idealMs(), "streams", m.streams(),
                "asyncEngines", report.context().device().asyncEngines());
    }

    /**
     * Each pass's recorded iteration of each schedule: every operation's stream, chunk, stage
     * ({@code h2d}, {@code kernel}, {@code d2h}) and its start and end in microseconds from the
     * schedule's reference event. Empty when nothing was recorded.
     */
    public static List<Object> timelines(OverlapResults report) {
        List<Object> out = new ArrayList<>();
        for (OverlapResults.Pass pass : report.passes()) {
            for (ScheduleTimeline t : pass.timelines()) {
                out.add(Json.object("schedule", t.schedule(), "numaNode", node(pass.numaNode()),
                        "streams", t.streams(), "endUs", t.endUs(), "ops", ops(t.ops())));
            }
        }
        return out;
    }

    /** The operations of one recorded iteration, as {@link #timelines(OverlapResults)} writes them. */
    public static List<Object> ops(List<TimedOp> ops) {
        List<Object> out = new ArrayList<>();
        for (TimedOp op : ops) {
            out.add(Json.object("stream", op.stream(), "chunk", op.chunk(), "stage", op.stage().label(),
                    "startUs", op.startUs(), "endUs", op.endUs()));
        }
        return out;
    }

    private static Integer node(OptionalInt node) {
        return node.isPresent() ? node.getAsInt() : null;
    }

}
