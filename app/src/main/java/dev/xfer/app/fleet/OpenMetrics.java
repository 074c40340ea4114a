package dev.xfer.app.fleet;

import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Results in the OpenMetrics text format, for node_exporter's textfile collector (whose files
 * must end in {@code .prom}) and Prometheus: one gauge family per kind of quantity, named in its
 * base unit ({@code xfer_bandwidth_bytes_per_second}, {@code xfer_copy_seconds},
 * {@code xfer_run_seconds}, {@code xfer_wrong_trials}), one sample per GPU and result, its value
 * the median in the base unit.
 *
 * <p>Every identity field of a result is a label (snake_case, {@link dev.xfer.app.result.IdentityField#label()}),
 * and so are the GPU's host, label, UUID, bus id, CUDA index and name: no two samples share a
 * label set in one file, nor across the files of one GPU from different commands (the
 * {@code command} label). A family's HELP depends only on its name, so files from any command
 * merge in one textfile directory. The exposition ends with {@code # EOF}.
 */
public final class OpenMetrics {
    private OpenMetrics() {
    }

    private record Family(String name, String unit, String help) {
    }

    private static Family family(Quantity q) {
        String unit = q.unit().openMetricsUnit();
        String name = "xfer_" + q.metric() + (unit.isEmpty() ? "" : "_" + unit);
        String help = switch (q.unit()) {
            case BYTES_PER_SECOND -> "Median " + q.metric().replace('_', ' ') + " in bytes per second.";
            case SECONDS -> "Median " + q.metric().replace('_', ' ') + " time in seconds.";
            case RATIO -> "Median " + q.metric().replace('_', ' ') + " as a ratio.";
            case COUNT -> "How many " + q.metric().replace('_', ' ') + ".";
            case NUMBER -> "Median of xfer result " + q.metric() + ".";
        };
        return new Family(name, unit, help);
    }

    public static String render(List<GpuRun> runs) {
        Map<Family, List<String>> samples = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (GpuRun run : runs) {
            if (run.unusable().isPresent()) {
                continue;
            }
            for (Measurement m : run.measurements()) {
                if (m.result().isEmpty()) {
                    continue;
                }
                Result r = m.result().get();
                Map<String, String> labels = new LinkedHashMap<>();
                labels.put("host", run.host());
                run.label().ifPresent(l -> labels.put("label", l));
                run.uuid().ifPresent(u -> labels.put("gpu_uuid", u));
                labels.put("pci_bus_id", run.busId());
                if (run.index() >= 0) {
                    labels.put("device", Integer.toString(run.index()));
                }
                labels.put("gpu_name", run.name());
                labels.putAll(r.identity().labels());
                Family family = family(r.quantity());
                String sample = family.name() + labels(labels);
                // The same result twice in one input (a document named twice under two names):
                // one sample, as Prometheus refuses two with one label set.
                if (seen.add(sample)) {
                    samples.computeIfAbsent(family, f -> new ArrayList<>()).add(sample + " " + number(r.median()));
                }
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
