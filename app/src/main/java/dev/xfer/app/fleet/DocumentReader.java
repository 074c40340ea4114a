package dev.xfer.app.fleet;

import dev.xfer.app.report.Json;
import dev.xfer.app.units.ByteSize;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an xfer results document into one {@link GpuRun} per GPU it measured: a one-device
 * document ({@code context} and {@code results}) or a several-device one ({@code devices}, each
 * a one-device document; {@code smoke} writes this shape too).
 *
 * <p>Result names are built the same way for every command, so a reader needs no list of them:
 * a result's identifying fields ({@code memory}, then {@code copy} unless it is the driver's, {@code direction}, {@code bytes} as a size,
 * {@code scenario}, {@code schedule}, {@code strategy}, {@code numaNode}), then each field that
 * holds a summary (an object with a {@code median}): {@code pinned.h2d.64MiB.gbps},
 * {@code overlap.v1.milliseconds}, prefixed by the command that measured it except for bandwidth
 * (whose names are those --expect uses). {@code gbps} is better higher, times better lower.
 */
public final class DocumentReader {
    /** The newest schema this xfer reads; see MeasuringCommand.SCHEMA_VERSION. */
    public static final int SCHEMA_VERSION = 1;

    private static final List<String> IDENTIFYING = List.of("memory", "direction", "target", "bytes", "scenario", "schedule", "strategy", "numaNode");
    private static final Set<String> TIMES = Set.of("microseconds", "milliseconds", "nanoseconds");

    /** @throws BadDocumentException when the file cannot be read, is not JSON, not an xfer document, or newer */
    public List<GpuRun> read(Path file) {
        return runs(file, parse(file));
    }

    /**
     * The file's JSON value, not yet looked at.
     *
     * @throws BadDocumentException when the file cannot be read or is not JSON
     */
    public Object parse(Path file) {
        String text = DocumentText.read(file);
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadDocumentException(file, "not JSON: " + e.getMessage());
        }
        return parsed;
    }

    /** The GPU runs of an already parsed document. */
    public List<GpuRun> runs(Path file, Object parsed) {
        if (!(parsed instanceof Map<?, ?> doc) || !(doc.get("schemaVersion") instanceof Long version)
                || !(doc.get("command") instanceof String command)) {
            throw new BadDocumentException(file, "not an xfer document (no schemaVersion and command at the top)");
        }
        if (version > SCHEMA_VERSION) {
            throw new BadDocumentException(file, "schemaVersion " + version + " is newer than this xfer reads ("
                    + SCHEMA_VERSION + "): use a newer xfer");
        }
        if (version < 1) {
            throw new BadDocumentException(file, "not an xfer document (schemaVersion " + version + ")");
        }
        List<GpuRun> runs = new ArrayList<>();
        if (doc.get("unusable") instanceof String why) {
            runs.add(GpuRun.unusable(file, command, doc.get("host") instanceof String h ? h : "unknown",
                    optionalText(doc, "label"), optionalText(doc, "started").orElse(""), why));
            return runs;
        }
        if (doc.get("devices") instanceof List<?> devices && !devices.isEmpty() && devices.getFirst() instanceof Map<?, ?>
                && ((Map<?, ?>) devices.getFirst()).containsKey("context")) {
            for (Object device : devices) {
                if (!(device instanceof Map<?, ?> one)) {
                    throw new BadDocumentException(file, "not an xfer results document (a devices entry is not an object)");
                }
                runs.add(run(file, command, one));
            }
        } else if (doc.get("context") instanceof Map<?, ?>) {
            runs.add(run(file, command, doc));
        } else {
            throw new BadDocumentException(file, "not an xfer results document (" + command + " documents carry no GPU results)");
        }
        return runs;
    }

    private static GpuRun run(Path file, String command, Map<?, ?> doc) {
        Map<?, ?> context = object(file, doc, "context");
        Map<?, ?> device = object(file, context, "device");
        List<Measurement> measurements = new ArrayList<>();
        if (doc.get("results") instanceof List<?> results) {
            for (Object result : results) {
                if (result instanceof Map<?, ?> r) {
                    String source = r.get("command") instanceof String c ? c : command;
                    String prefix = source.equals("bandwidth") || source.equals("smoke") ? "" : source + ".";
                    measurements.addAll(measurements(prefix, r));
                }
            }
        }
        return new GpuRun(file, command, text(file, context, "host"), optionalText(context, "label"),
                optionalText(context, "started").orElse(""), (int) number(device.get("index"), -1),
                text(file, device, "name"), optionalText(device, "uuid"), optionalText(device, "pciBusId").orElse("unknown"),
                link(device), measurements, Optional.empty());
    }

    private static List<Measurement> measurements(String prefix, Map<?, ?> result) {
        StringBuilder key = new StringBuilder(prefix);
        java.util.Map<String, String> labels = new java.util.LinkedHashMap<>();
        if (!prefix.isEmpty()) {
            labels.put("command", prefix.substring(0, prefix.length() - 1));
        }
        for (String field : IDENTIFYING) {
            Object value = result.get(field);
            String part = switch (value) {
                case String s -> s;
                case Long l when field.equals("bytes") -> ByteSize.ofBytes(l).format();
                case Long l when field.equals("numaNode") -> "node" + l;
                case null, default -> null;
            };
            if (part != null) {
                key.append(part).append('.');
                labels.put(field.equals("bytes") ? "size" : field, part);
            }
            // A copy path other than the driver's follows the memory, as --expect names it
            // (pageable.staged.h2d.64MiB): without it a staged result and the driver's result of the
            // same memory, direction and size would share one name.
            if (field.equals("memory") && result.get("copy") instanceof String copy && !copy.equals("driver")) {
                key.append(copy).append('.');
                labels.put("copy", copy);
            }
        }
        List<Measurement> out = new ArrayList<>();
        double allocationSpread = allocationSpread(result.get("allocations"));
        for (Map.Entry<?, ?> e : result.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> summary && summary.get("median") instanceof Number median) {
                String field = (String) e.getKey();
                boolean time = TIMES.contains(field);
                String unit = field.equals("gbps") ? "GB/s" : field.equals("microseconds") ? "us"
                        : field.equals("milliseconds") ? "ms" : field.equals("nanoseconds") ? "ns" : field;
                out.add(new Measurement(key + field, unit, !time, median.doubleValue(),
                        number(summary.get("stddev"), Double.NaN), (long) number(summary.get("n"), 0), field, labels,
                        allocationSpread));
            }
        }
        return out;
    }

    /**
     * {@code "allocations": {"count": k, "best": GB/s, "worst": GB/s}}: how far apart k separately
     * allocated host buffers measured, as a fraction of the best. The same fraction holds for the
     * result's time, which is the same copy.
     */
    private static double allocationSpread(Object allocations) {
        if (allocations instanceof Map<?, ?> a && a.get("count") instanceof Number count && count.longValue() >= 2
                && a.get("best") instanceof Number best && a.get("worst") instanceof Number worst
                && best.doubleValue() > 0 && worst.doubleValue() <= best.doubleValue()) {
            return (best.doubleValue() - worst.doubleValue()) / best.doubleValue();
        }
        return Double.NaN;
    }

    private static Optional<GpuRun.LinkState> link(Map<?, ?> device) {
        if (device.get("linkCurrent") instanceof Map<?, ?> now && device.get("linkMax") instanceof Map<?, ?> max) {
            return Optional.of(new GpuRun.LinkState((int) number(now.get("generation"), 0), (int) number(now.get("width"), 0),
                    (int) number(max.get("generation"), 0), (int) number(max.get("width"), 0)));
        }
        return Optional.empty();
    }

    private static Map<?, ?> object(Path file, Map<?, ?> in, String key) {
        if (in.get(key) instanceof Map<?, ?> m) {
            return m;
        }
        throw new BadDocumentException(file, "not an xfer results document (no " + key + " object)");
    }

    private static String text(Path file, Map<?, ?> in, String key) {
        return optionalText(in, key).orElseThrow(() -> new BadDocumentException(file,
                "not an xfer results document (no " + key + ")"));
    }

    private static Optional<String> optionalText(Map<?, ?> in, String key) {
        return in.get(key) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    private static double number(Object value, double otherwise) {
        return value instanceof Number n ? n.doubleValue() : otherwise;
    }
}
