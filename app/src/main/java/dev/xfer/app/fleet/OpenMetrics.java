package dev.xfer.app.fleet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Results in the OpenMetrics text format, for node_exporter's textfile collector: one gauge
 * family per measured field ({@code xfer_gbps}, {@code xfer_microseconds},
 * {@code xfer_milliseconds}), one sample per GPU and result, labelled by host, GPU UUID, bus id,
 * label and the result's identifying fields (memory, direction, size, ...). Values are the
 * medians. Families with a unit carry {@code # UNIT} and end their name with it, as the format
 * requires; the exposition ends with {@code # EOF}.
 */
public final class OpenMetrics {
    private OpenMetrics() {
    }

    private record Family(String name, String unit, String help) {
    }

    private static Family family(String field) {
        return switch (field) {
            case "gbps" -> new Family("xfer_bandwidth_gigabytes_per_second", "gigabytes_per_second",
                    "Median copy bandwidth in GB/s (10^9 bytes per second).");
            case "microseconds" -> new Family("xfer_copy_time_seconds", "seconds", "Median time of one copy.");
            case "milliseconds" -> new Family("xfer_run_time_seconds", "seconds", "Median time of one measured run.");
            default -> new Family("xfer_" + field.replaceAll("[^a-zA-Z0-9_]", "_").toLowerCase(Locale.ROOT), "", "xfer result " + field + ".");
        };
    }

    private static double scale(String field) {
        return switch (field) {
            case "microseconds" -> 1e-6;
            case "milliseconds" -> 1e-3;
            default -> 1;
        };
    }

    public static String render(List<GpuRun> runs) {
        Map<Family, List<String>> samples = new LinkedHashMap<>();
        for (GpuRun run : runs) {
            if (run.unusable().isPresent()) {
                continue;
            }
            for (Measurement m : run.measurements()) {
                Map<String, String> labels = new LinkedHashMap<>();
                labels.put("host", run.host());
                run.label().ifPresent(l -> labels.put("label", l));
                labels.put("gpu_uuid", run.uuid().orElse(""));
                labels.put("pci_bus_id", run.busId());
                labels.put("gpu_name", run.name());
                m.labels().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .forEach(e -> labels.put(e.getKey(), e.getValue()));
                samples.computeIfAbsent(family(m.field()), f -> new ArrayList<>())
                        .add(family(m.field()).name() + labels(labels) + " " + number(m.median() * scale(m.field())));
            }
        }
        StringBuilder out = new StringBuilder();
        samples.forEach((family, lines) -> {
            out.append("# TYPE ").append(family.name()).append(" gauge\n");
            if (!family.unit().isEmpty()) {
                out.append("# UNIT ").append(family.name()).append(' ').append(family.unit()).append('\n');
            }
            out.append("# HELP ").append(family.name()).append(' ').append(family.help()).append('\n');
            lines.forEach(l -> out.append(l).append('\n'));
        });
        out.append("# EOF\n");
        return out.toString();
    }

    private static String labels(Map<String, String> labels) {
        StringBuilder out = new StringBuilder("{");
        labels.forEach((k, v) -> {
            if (out.length() > 1) {
                out.append(',');
            }
            out.append(k).append("=\"").append(escape(v)).append('"');
        });
        return out.append('}').toString();
    }

    /** Label values escape backslash, double quote and line feed, and nothing else. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        return Double.toString(value);
    }
}
