package dev.xfer.app.fleet;

import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 *
 * <p>A GPU whose evidence found disturbances (docs/evidence.md) also has {@code xfer_disturbed}
 * samples: one per kind found, labelled with the GPU's labels, the {@code command} and the
 * {@code kind}, its value how many of that kind. An undisturbed GPU has none (absent, not 0: a
 * document from before evidence was recorded cannot say it was undisturbed).
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
        Exposition exposition = new Exposition();
        runs.forEach(exposition::add);
        StringWriter out = new StringWriter();
        try {
            exposition.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not throw
        }
        return out.toString();
    }

    /**
     * The samples of many GPU runs, gathered one run at a time and kept as numbers, then written
     * as one exposition: what {@code xfer fleet --openmetrics} needs for 100,000 documents. A
     * family's samples must stand together in the text, and the runs come in document order, so
     * the text cannot be written as the documents are read; what is kept instead is each GPU's
     * labels once, each result's labels once, and per sample an index and the median (12 bytes),
     * not the sample's line (about 300).
     */
    public static final class Exposition {
        /** One result's labels in one family: the part of a sample's label set that is the same on every GPU. */
        private record Series(Family family, String labels) {
        }

        /** One GPU run's samples: which series, and its median in the base unit. */
        private record Samples(int gpu, int[] series, double[] medians) {
        }

        private final Map<String, Integer> seriesIds = new HashMap<>();
        private final List<Series> series = new ArrayList<>();
        private final Map<String, Integer> gpuIds = new HashMap<>();
        private final List<String> gpus = new ArrayList<>();
        /** Per GPU: the series it has a sample of, so a result read twice for one GPU is one sample. */
        private final List<BitSet> sampled = new ArrayList<>();
        private final Set<Family> families = new LinkedHashSet<>();
        private final List<Samples> runs = new ArrayList<>();
        /** {@code xfer_disturbed} samples by label set, in the order first seen. */
        private final Map<String, Integer> disturbed = new LinkedHashMap<>();

        /** Adds the samples of {@code run} not seen before (a GPU with no usable CUDA has none). */
        public void add(GpuRun run) {
            if (run.unusable().isPresent()) {
                return;
            }
            Map<String, String> gpuLabels = new LinkedHashMap<>();
            gpuLabels.put("host", run.host());
            run.label().ifPresent(l -> gpuLabels.put("label", l));
            run.uuid().ifPresent(u -> gpuLabels.put("gpu_uuid", u));
            gpuLabels.put("pci_bus_id", run.busId());
            if (run.index() >= 0) {
                gpuLabels.put("device", Integer.toString(run.index()));
            }
            gpuLabels.put("gpu_name", run.name());
            // The repetitions of a run with --runs N measured the same GPU: each its own label set.
            run.repetition().ifPresent(k -> gpuLabels.put("run", Integer.toString(k)));
            String gpuText = labelText(gpuLabels);
            int gpu = gpuIds.computeIfAbsent(gpuText, t -> {
                gpus.add(t);
                sampled.add(new BitSet());
                return gpus.size() - 1;
            });
            Map<String, Integer> kinds = new LinkedHashMap<>();
            for (dev.xfer.app.result.Disturbance d : run.disturbances()) {
                kinds.merge(d.kind().label(), 1, Integer::sum);
            }
            kinds.forEach((kind, count) -> disturbed.putIfAbsent(gpuText + ",command=\"" + escape(run.command())
                    + "\",kind=\"" + kind + '"', count));
            BitSet seen = sampled.get(gpu);
            int[] ids = new int[run.measurements().size()];
            double[] medians = new double[ids.length];
            int kept = 0;
            for (Measurement m : run.measurements()) {
                if (m.result().isEmpty()) {
                    continue;
                }
                Result r = m.result().get();
                // The identity's labels are named after its fields (IdentityField.label()), none of
                // them a GPU label above, so a sample's label set is the GPU's followed by these.
                Family family = family(r.quantity());
                String labels = labelText(r.identity().labels());
                int id = seriesIds.computeIfAbsent(family.name() + '{' + labels, k -> {
                    series.add(new Series(family, labels));
                    return series.size() - 1;
                });
                // The same result twice for one GPU (two documents of one run under two names, a
                // name measured twice): one sample, as Prometheus refuses two with one label set.
                if (!seen.get(id)) {
                    seen.set(id);
                    families.add(family);
                    ids[kept] = id;
                    medians[kept] = r.median();
                    kept++;
                }
            }
            if (kept > 0) {
                runs.add(new Samples(gpu, Arrays.copyOf(ids, kept), Arrays.copyOf(medians, kept)));
            }
        }

        /** The exposition: each family in the order first seen, its samples in the order read, then {@code # EOF}. */
        public void writeTo(Writer out) throws IOException {
            for (Family family : families) {
                out.write("# TYPE " + family.name() + " gauge\n");
                if (!family.unit().isEmpty()) {
                    out.write("# UNIT " + family.name() + ' ' + family.unit() + '\n');
                }
                out.write("# HELP " + family.name() + ' ' + family.help() + '\n');
                for (Samples run : runs) {
                    for (int i = 0; i < run.series().length; i++) {
                        Series s = series.get(run.series()[i]);
                        if (!s.family().equals(family)) {
                            continue;
                        }
                        out.write(family.name());
                        out.write('{');
                        out.write(gpus.get(run.gpu()));
                        if (!s.labels().isEmpty()) {
                            out.write(',');
                            out.write(s.labels());
                        }
                        out.write("} ");
                        out.write(number(run.medians()[i]));
                        out.write('\n');
                    }
                }
            }
            if (!disturbed.isEmpty()) {
                out.write("# TYPE xfer_disturbed gauge\n");
                out.write("# HELP xfer_disturbed Disturbances of one kind found while the GPU measured (docs/evidence.md).\n");
                for (Map.Entry<String, Integer> e : disturbed.entrySet()) {
                    out.write("xfer_disturbed{" + e.getKey() + "} " + e.getValue() + '\n');
                }
            }
            out.write("# EOF\n");
        }
    }

    /** {@code k="v",k2="v2"}: a label set without its braces. */
    private static String labelText(Map<String, String> labels) {
        String text = labels(labels);
        return text.substring(1, text.length() - 1);
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
