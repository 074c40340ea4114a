package dev.xfer.app.smoke;

import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.bandwidth.BandwidthJson;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.check.CheckJson;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.overlap.OverlapJson;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.OutcomesJson;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON document of {@code xfer smoke --json}: the several-device shape of the measuring
 * commands ({@code devices}, each with {@code context} and {@code results}), so fleet and compare
 * read it like any other. Each device's {@code results} hold the bandwidth results as bandwidth
 * writes them, then overlap's and check's, each tagged with its {@code command}.
 */
public final class SmokeDocument {
    private SmokeDocument() {
    }

    /** One device's part, with where its wall time went. */
    public static Map<String, Object> device(RunContext context, BandwidthResults bandwidth, OverlapResults overlap,
                                             CheckResults check, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                             boolean passed, SmokeTimes seconds) {
        Map<String, Object> doc = device(context, bandwidth, overlap, check, runs, outcomes, passed);
        doc.put("seconds", seconds.toJson());
        return doc;
    }

    /** One device's part, untimed (documents from before smoke recorded its times have this shape). */
    public static Map<String, Object> device(RunContext context, BandwidthResults bandwidth, OverlapResults overlap,
                                             CheckResults check, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                             boolean passed) {
        List<Object> results = new ArrayList<>(BandwidthJson.results(bandwidth));
        results.addAll(tagged("overlap", OverlapJson.results(overlap)));
        results.addAll(tagged("check", CheckJson.results(check)));
        List<Object> checks = new ArrayList<>();
        for (RunResults run : runs) {
            for (MeasuredConfiguration c : run.configurations()) {
                checks.add(Json.object("name", c.name(), "passed", c.passed(), "summary", c.summary(),
                        "failure", c.failure().orElse(null)));
            }
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("context", context.toJson());
        doc.put("results", results);
        doc.put("checks", checks);
        doc.put("expectations", OutcomesJson.of(outcomes));
        doc.put("passed", passed);
        return doc;
    }

    /**
     * Adds a device's evidence: {@code evidence} in its context and its {@code disturbances} on
     * the device's entry, as every measuring document carries them.
     */
    @SuppressWarnings("unchecked")
    public static void evidence(Map<String, Object> device, GpuEvidence evidence) {
        ((Map<String, Object>) device.get("context")).put("evidence", evidence.toJson());
        device.put("disturbances", evidence.disturbances());
    }

    @SuppressWarnings("unchecked")
    private static List<Object> tagged(String command, List<Object> results) {
        List<Object> out = new ArrayList<>();
        for (Object r : results) {
            Map<String, Object> copy = new LinkedHashMap<>();
            copy.put("command", command);
            copy.putAll((Map<String, Object>) r);
            out.add(copy);
        }
        return out;
    }

    /** The whole run's document, without how it ran (the shape from before the quick profile). */
    public static Map<String, Object> of(List<Map<String, Object>> devices, boolean passed) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", "smoke");
        doc.put("devices", List.copyOf(devices));
        doc.put("passed", passed);
        return doc;
    }

    /**
     * The whole run's document.
     *
     * @param run how it ran: the profile, whether the GPUs were measured one at a time, and its wall times
     */
    public static Map<String, Object> of(List<Map<String, Object>> devices, boolean passed, SmokeRun run) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", "smoke");
        doc.put("profile", run.profile());
        doc.put("devicesAtOnce", run.concurrent() ? "concurrent" : "sequential");
        doc.put("devices", List.copyOf(devices));
        doc.put("passed", passed);
        doc.put("seconds", Json.object("run", run.runSeconds(),
                "sinceProcessStart", run.processSeconds().isPresent() ? run.processSeconds().getAsDouble() : null));
        return doc;
    }

    /**
     * The document of a smoke run with {@code --runs N}: how it ran, {@code parameters.runs}, and
     * {@code runs}, each repetition's document exactly as a run without --runs writes it
     * ({@link #of(List, boolean, SmokeRun)}); {@code passed} only when every repetition passed.
     *
     * @param stopped what stopped the run between two repetitions ({@code reason}, {@code measured},
     *                {@code planned}, {@code message}); empty when every repetition ran
     */
    public static Map<String, Object> repetitions(List<Map<String, Object>> runs, int planned, boolean passed,
                                                  SmokeRun run, Optional<Map<String, Object>> stopped) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", "smoke");
        doc.put("profile", run.profile());
        doc.put("devicesAtOnce", run.concurrent() ? "concurrent" : "sequential");
        doc.put("parameters", Json.object("runs", planned));
        doc.put("runs", List.copyOf(runs));
        doc.put("passed", passed);
        doc.put("seconds", Json.object("run", run.runSeconds(),
                "sinceProcessStart", run.processSeconds().isPresent() ? run.processSeconds().getAsDouble() : null));
        stopped.ifPresent(s -> {
            doc.put("complete", false);
            doc.put("stopped", s);
        });
        return doc;
    }

    /**
     * How a smoke run ran.
     *
     * @param runSeconds     from the command's start to its document
     * @param processSeconds from the process's start (the JVM's start included), when the OS says when that was
     */
    public record SmokeRun(String profile, boolean concurrent, double runSeconds, java.util.OptionalDouble processSeconds) {
    }

    /** What a node without a usable GPU writes: who it is and why, so a fleet run fails it by name. */
    public static Map<String, Object> unusable(String xferVersion, String host, Optional<String> label, Instant started,
                                               String why) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", "smoke");
        doc.put("xfer", xferVersion);
        doc.put("started", started.toString());
        doc.put("host", host);
        doc.put("label", label.orElse(null));
        doc.put("unusable", why);
        doc.put("devices", List.of());
        doc.put("passed", false);
        return doc;
    }
}
