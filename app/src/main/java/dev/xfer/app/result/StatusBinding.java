package dev.xfer.app.result;

import com.fasterxml.jackson.databind.JsonNode;
import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Binds what a gate reads of a measuring document apart from its figures into a
 * {@link MeasuringDocument}, strictly: {@code "complete": "false"}, {@code "failures": "boom"},
 * {@code "verified": null} or {@code "passed": "yes"} is an error naming the field, never a
 * value a gate could misread as a pass. The rule of what is required is in docs/results.md.
 */
final class StatusBinding {
    /** The fields that name a row in a failure's line, in the order they are joined. */
    private static final List<String> NAMING = List.of("scenario", "schedule", "strategy", "memory", "copy",
            "direction", "bytes");

    /** Commands whose rows each carry their own data check, as {@code verified}. */
    private static final List<String> VERIFYING = List.of("bandwidth", "latency");

    /** Commands whose rows each carry their own data check, as {@code withinTolerance}. */
    private static final List<String> TOLERATING = List.of("overlap", "pipeline");

    private final StrictFields at;

    StatusBinding(StrictFields at) {
        this.at = at;
    }

    /** The document of {@code command}, its header already checked. */
    MeasuringDocument bind(JsonNode doc, String command) {
        return bind(doc, command, "");
    }

    /**
     * One document's content: {@code prefix} is where it sits ({@code runs[2].} for a repetition of
     * a --runs document, empty for the whole), so a bad field is named with its place.
     */
    private MeasuringDocument bind(JsonNode doc, String command, String prefix) {
        Optional<String> unusable = at.text(doc, "unusable", prefix + "unusable", false);
        JsonNode context = doc.path("context");
        Optional<String> host = context.isObject() ? at.text(context, "host", prefix + "context.host", false)
                : at.text(doc, "host", prefix + "host", false);
        Optional<String> label = context.isObject() ? at.text(context, "label", prefix + "context.label", true)
                : at.text(doc, "label", prefix + "label", true);
        Optional<String> started = context.isObject() ? at.text(context, "started", prefix + "context.started", false)
                : at.text(doc, "started", prefix + "started", false);
        if (!MeasuringDocument.MEASURING.contains(command)) {
            // An unknown command's fields mean nothing known: its node is NO RESULT, read no further.
            return new MeasuringDocument(at.file(), command, unusable, host, label, started, empty(), List.of(),
                    List.of(), List.of());
        }
        List<MeasuringDocument.Part> devices = new ArrayList<>();
        JsonNode devicesNode = doc.path("devices");
        boolean several = devicesNode.isArray() && !devicesNode.isEmpty() && devicesNode.get(0).isObject()
                && devicesNode.get(0).has("context");
        if (several) {
            for (int i = 0; i < devicesNode.size(); i++) {
                String path = prefix + "devices[" + i + "]";
                devices.add(part(at.object(devicesNode.get(i), path), path + ".", command));
            }
        }
        List<MeasuringDocument.Row> across = new ArrayList<>();
        for (String section : List.of("p2p", "concurrent", "patterns")) {
            Optional<JsonNode> rows = at.list(doc, section, prefix + section);
            if (rows.isPresent()) {
                for (int i = 0; i < rows.get().size(); i++) {
                    String path = prefix + section + "[" + i + "]";
                    across.add(row(at.object(rows.get().get(i), path), path, command));
                }
            }
        }
        return new MeasuringDocument(at.file(), command, unusable, host, label, started, part(doc, prefix, command),
                devices, across, repetitions(doc, command, prefix));
    }

    /**
     * The repetitions of a document written with {@code --runs N}, each bound as the document it
     * would have written alone; empty for any other shape (the reader's rule: no {@code unusable},
     * {@code context} or {@code devices}, and {@code runs} a list).
     */
    private List<MeasuringDocument> repetitions(JsonNode doc, String command, String prefix) {
        if (doc.has("unusable") || doc.has("context") || doc.has("devices")) {
            return List.of();
        }
        // Any other "runs" (none, not a list) is no repetition: the reader finds no GPU run there either.
        Optional<JsonNode> runs = Optional.ofNullable(doc.get("runs")).filter(JsonNode::isArray);
        if (runs.isEmpty()) {
            return List.of();
        }
        if (!prefix.isEmpty()) {
            throw DocumentException.field(at.file(), prefix + "runs", "one repetition's document", "runs within runs");
        }
        List<MeasuringDocument> out = new ArrayList<>();
        for (int i = 0; i < runs.get().size(); i++) {
            String path = "runs[" + i + "]";
            JsonNode run = at.object(runs.get().get(i), path);
            Optional<String> own = at.text(run, "command", path + ".command", false);
            if (!own.equals(Optional.of(command))) {
                throw DocumentException.field(at.file(), path + ".command", "\"" + command + "\" as at the top",
                        own.map(c -> "\"" + c + "\"").orElse("nothing"));
            }
            out.add(bind(run, command, path + "."));
        }
        return out;
    }

    private MeasuringDocument.Part empty() {
        return new MeasuringDocument.Part(true, Optional.empty(), Optional.empty(), List.of(), List.of(),
                new MeasuringDocument.Results(List.of(), "missing"), Optional.empty(), MeasuringDocument.Facts.NONE);
    }

    /** One GPU run's part: {@code path} is its prefix ({@code devices[1].}) or empty for the top. */
    private MeasuringDocument.Part part(JsonNode part, String path, String command) {
        boolean complete = at.bool(part, "complete", path + "complete").orElse(true);
        Optional<String> stopped = Optional.empty();
        JsonNode stoppedNode = part.get("stopped");
        if (stoppedNode != null && !stoppedNode.isNull()) {
            stopped = stoppedNode.isTextual() ? Optional.of(stoppedNode.textValue())
                    : at.text(at.object(stoppedNode, path + "stopped"), "message", path + "stopped.message", false);
        }
        Optional<Boolean> passed = at.bool(part, "passed", path + "passed");
        List<String> failures = new ArrayList<>();
        Optional<JsonNode> failureList = at.list(part, "failures", path + "failures");
        if (failureList.isPresent()) {
            for (int i = 0; i < failureList.get().size(); i++) {
                failures.add(failure(at.object(failureList.get().get(i), path + "failures[" + i + "]"),
                        path + "failures[" + i + "]"));
            }
        }
        List<MeasuringDocument.Expectation> expectations = new ArrayList<>();
        Optional<JsonNode> expectationList = at.list(part, "expectations", path + "expectations");
        if (expectationList.isPresent()) {
            for (int i = 0; i < expectationList.get().size(); i++) {
                String where = path + "expectations[" + i + "]";
                JsonNode e = at.object(expectationList.get().get(i), where);
                expectations.add(new MeasuringDocument.Expectation(
                        at.text(e, "expectation", where + ".expectation", false).orElse("?"),
                        at.requiredBool(e, "passed", where + ".passed"), at.text(e, "line", where + ".line", false)));
            }
        }
        Optional<List<MeasuringDocument.SmokeCheck>> checks = Optional.empty();
        if (command.equals("smoke")) {
            Optional<JsonNode> checkList = at.list(part, "checks", path + "checks");
            if (checkList.isPresent()) {
                List<MeasuringDocument.SmokeCheck> out = new ArrayList<>();
                for (int i = 0; i < checkList.get().size(); i++) {
                    String where = path + "checks[" + i + "]";
                    JsonNode c = at.object(checkList.get().get(i), where);
                    out.add(new MeasuringDocument.SmokeCheck(at.text(c, "name", where + ".name", false).orElse("?"),
                            at.requiredBool(c, "passed", where + ".passed"), at.text(c, "failure", where + ".failure", true)));
                }
                checks = Optional.of(out);
            }
        }
        return new MeasuringDocument.Part(complete, stopped, passed, failures, expectations,
                results(part, path, command), checks, facts(part, path));
    }

    private MeasuringDocument.Results results(JsonNode part, String path, String command) {
        JsonNode node = part.get("results");
        if (node == null || node.isNull() || !node.isArray()) {
            // No rows: the run holds no GPU result; a gate reads it as NO RESULT, never PASS.
            return new MeasuringDocument.Results(List.of(), node == null ? "missing" : node.isNull() ? "null" : "other");
        }
        List<MeasuringDocument.Row> rows = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String where = path + "results[" + i + "]";
            rows.add(row(at.object(node.get(i), where), where, command));
        }
        return new MeasuringDocument.Results(rows, "list");
    }

    /** A row's own check and naming; a row holding a figure must say whether its data were right. */
    private MeasuringDocument.Row row(JsonNode row, String path, String command) {
        Optional<String> part = at.text(row, "command", path + ".command", false);
        String source = part.orElse(command);
        boolean figure = false;
        for (Map.Entry<String, JsonNode> e : row.properties()) {
            figure |= isSummary(e.getValue());
        }
        JsonNode gpus = row.get("gpus");
        if (gpus != null && gpus.isArray()) {
            for (int g = 0; g < gpus.size(); g++) {
                JsonNode one = at.object(gpus.get(g), path + ".gpus[" + g + "]");
                for (Map.Entry<String, JsonNode> e : one.properties()) {
                    figure |= isSummary(e.getValue());
                }
                if (one.has("verified")) {
                    at.requiredBool(one, "verified", path + ".gpus[" + g + "].verified");
                }
            }
        }
        OptionalLong wrongTrials = at.count(row, "wrongTrials", path + ".wrongTrials", false);
        // xfer writes "verified": null only beside no figure (a strategy or peer pair it could not run).
        Optional<Boolean> verified = row.path("verified").isNull() && !figure ? Optional.empty()
                : at.bool(row, "verified", path + ".verified");
        Optional<Boolean> within = at.bool(row, "withinTolerance", path + ".withinTolerance");
        if (figure && verified.isEmpty() && VERIFYING.contains(source)) {
            throw at.wrong(path + ".verified", "true or false", row.path("verified"));
        }
        if (figure && within.isEmpty() && TOLERATING.contains(source)) {
            throw at.wrong(path + ".withinTolerance", "true or false", row.path("withinTolerance"));
        }
        List<String> naming = new ArrayList<>();
        for (String field : NAMING) {
            JsonNode value = row.get(field);
            if (value == null || value.isNull()) {
                continue;
            }
            if (field.equals("bytes")) {
                naming.add(ByteSize.ofBytes(at.count(row, field, path + "." + field, false).orElseThrow()).format());
            } else {
                naming.add(at.text(row, field, path + "." + field, false).orElseThrow());
            }
        }
        List<String> placement = new ArrayList<>();
        at.count(row, "numaNode", path + ".numaNode", true).ifPresent(n -> placement.add("numa-node " + n));
        JsonNode nodes = row.get("hostMemoryNodes");
        if (nodes != null && !nodes.isNull()) {
            TreeSet<String> ids = new TreeSet<>();
            at.object(nodes, path + ".hostMemoryNodes").properties().forEach(e -> ids.add(e.getKey()));
            if (!ids.isEmpty()) {
                placement.add("pages on node " + String.join("+", ids));
            }
        }
        return new MeasuringDocument.Row(part, figure || wrongTrials.isPresent(), naming, verified, within,
                at.number(row, "maxError", path + ".maxError", true),
                at.bool(row, "synchronized", path + ".synchronized").orElse(false), wrongTrials,
                at.count(row, "trials", path + ".trials", false), at.text(row, "verdict", path + ".verdict", false),
                placement);
    }

    /**
     * A measured field's summary: an object with a {@code median} or an {@code n}, so that a
     * summary missing its median still counts as a figure (and its row must say its check).
     */
    private static boolean isSummary(JsonNode node) {
        return node.isObject() && (node.has("median") || node.has("n"));
    }

    /** A recorded failure in words: a copy's first wrong byte, or the line the writer gave it. */
    private String failure(JsonNode f, String path) {
        if (f.has("configuration") && f.has("offset")) {
            return at.text(f, "configuration", path + ".configuration", false).orElseThrow() + ": wrong byte at offset "
                    + at.count(f, "offset", path + ".offset", false).orElseThrow() + " (expected " + f.path("expected")
                    + ", got " + f.path("actual") + ")";
        }
        for (String key : List.of("line", "message", "summary", "reason", "what")) {
            if (f.get(key) != null && f.get(key).isTextual()) {
                return f.get(key).textValue();
            }
        }
        List<String> parts = new ArrayList<>();
        f.properties().forEach(e -> {
            if (e.getValue().isValueNode() && parts.size() < 5) {
                parts.add(e.getKey() + " " + (e.getValue().isTextual() ? e.getValue().textValue() : e.getValue()));
            }
        });
        return String.join(", ", parts);
    }

    /** What a part's context says the run ran on. */
    private MeasuringDocument.Facts facts(JsonNode part, String path) {
        JsonNode context = part.get("context");
        if (context == null || !context.isObject()) {
            return MeasuringDocument.Facts.NONE;
        }
        String where = path + "context.";
        JsonNode device = context.path("device");
        Optional<String> link = Optional.empty();
        JsonNode now = device.path("linkCurrent");
        JsonNode max = device.path("linkMax");
        if (now.isObject() && max.isObject()) {
            link = Optional.of("Gen" + now.path("generation") + " x" + now.path("width") + " (max Gen"
                    + max.path("generation") + " x" + max.path("width") + ")");
        }
        Optional<String> numa = device.isObject()
                ? at.count(device, "numaNode", where + "device.numaNode", true).stream().mapToObj(Long::toString).findFirst()
                : Optional.empty();
        return new MeasuringDocument.Facts(
                device.isObject() ? at.text(device, "name", where + "device.name", false) : Optional.empty(),
                at.text(context, "driverVersion", where + "driverVersion", false),
                at.text(context, "runtimeVersion", where + "runtimeVersion", false),
                at.text(context, "xfer", where + "xfer", false), link, numa);
    }
}
