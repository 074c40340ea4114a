package dev.xfer.app.output;

import dev.xfer.app.result.GpuContext;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
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
 * {@code command} label). No label holds a unit: {@code measured}, the document's field, is left
 * out where that field's name is its unit ({@code milliseconds}), as the family's name says it.
 * Every sample of a family in one file carries the same label names, empty where it has no
 * value ({@link Exposition#writeTo}). A family's HELP depends only on its name, so files from any command
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

    public static String render(List<GpuResults> runs) {
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
        private record Series(Family family, Map<String, String> labels) {
        }

        /**
         * One GPU run's samples: which series, and its median in the base unit; a series of -1 is
         * a sample a newer run of the same GPU replaced.
         */
        private record Samples(int gpu, int[] series, double[] medians, Instant started, String file) {
        }

        private final Map<String, Integer> seriesIds = new HashMap<>();
        private final List<Series> series = new ArrayList<>();
        private final Map<String, Integer> gpuIds = new HashMap<>();
        private final List<Map<String, String>> gpus = new ArrayList<>();
        /** Per GPU: the series it has a sample of, so a result read twice for one GPU is one sample. */
        private final List<BitSet> sampled = new ArrayList<>();
        /** Per GPU: its runs, as indexes into {@link #runs}; more than one only when a GPU ran twice. */
        private final List<List<Integer>> runsOfGpu = new ArrayList<>();
        private final Set<Family> families = new LinkedHashSet<>();
        private final List<Samples> runs = new ArrayList<>();
        /** {@code xfer_disturbed} samples by label set (as text, and as labels), in the order first seen. */
        private final Map<String, Integer> disturbed = new LinkedHashMap<>();
        private final Map<String, Map<String, String>> disturbedLabels = new HashMap<>();
        private final Set<String> notes = new LinkedHashSet<>();

        /**
         * Adds the samples of {@code run} (a GPU with no usable CUDA has none). A result this GPU
         * already has a sample of (the same labels: the same GPU, command and result) is one
         * sample, as Prometheus refuses two with one label set: the newer run's by the
         * document's start time, whichever was read first; on a tie, the first read.
         */
        public void add(GpuResults run) {
            if (run.unusable().isPresent() || run.gpu().isEmpty()) {
                return;
            }
            GpuContext where = run.gpu().get();
            Map<String, String> gpuLabels = new LinkedHashMap<>();
            gpuLabels.put("host", run.host());
            run.label().ifPresent(l -> gpuLabels.put("label", l));
            where.uuid().ifPresent(u -> gpuLabels.put("gpu_uuid", u));
            gpuLabels.put("pci_bus_id", where.busId());
            where.index().ifPresent(i -> gpuLabels.put("device", Integer.toString(i)));
            gpuLabels.put("gpu_name", where.name());
            // The repetitions of a run with --runs N measured the same GPU: each its own label set.
            run.repetition().ifPresent(k -> gpuLabels.put("run", Integer.toString(k)));
            String gpuText = labelText(gpuLabels);
            int gpu = gpuIds.computeIfAbsent(gpuText, t -> {
                gpus.add(Map.copyOf(gpuLabels));
                sampled.add(new BitSet());
                runsOfGpu.add(new ArrayList<>());
                return gpus.size() - 1;
            });
            Map<String, Integer> kinds = new LinkedHashMap<>();
            for (dev.xfer.app.result.Disturbance d : run.disturbances()) {
                kinds.merge(d.kind().label(), 1, Integer::sum);
            }
            kinds.forEach((kind, count) -> {
                String key = gpuText + ",command=\"" + escape(run.command()) + "\",kind=\"" + kind + '"';
                if (disturbed.putIfAbsent(key, count) == null) {
                    Map<String, String> labels = new LinkedHashMap<>(gpuLabels);
                    labels.put("command", run.command());
                    labels.put("kind", kind);
                    disturbedLabels.put(key, labels);
                }
            });
            BitSet seen = sampled.get(gpu);
            Instant started = startTime(run.started());
            String file = String.valueOf(run.file());
            int[] ids = new int[run.results().size()];
            double[] medians = new double[ids.length];
            int kept = 0;
            for (Result r : run.results()) {
                if (r.measured().isEmpty()) {
                    continue; // no figure, no sample
                }
                // The identity's labels are named after its fields (IdentityField.label()), none of
                // them a GPU label above, so a sample's label set is the GPU's followed by these.
                Family family = family(r.quantity());
                Map<String, String> identity = seriesLabels(r.identity().labels());
                String labels = labelText(identity);
                int id = seriesIds.computeIfAbsent(family.name() + '{' + labels, k -> {
                    series.add(new Series(family, identity));
                    return series.size() - 1;
                });
                if (Arrays.stream(ids, 0, kept).anyMatch(i -> i == id)) {
                    continue; // a name measured twice in one run: its first sample
                }
                if (seen.get(id) && !replaceOlder(gpu, id, started, run, file)) {
                    continue;
                }
                seen.set(id);
                families.add(family);
                ids[kept] = id;
                medians[kept] = r.measured().orElseThrow().median();
                kept++;
            }
            if (kept > 0) {
                runsOfGpu.get(gpu).add(runs.size());
                runs.add(new Samples(gpu, Arrays.copyOf(ids, kept), Arrays.copyOf(medians, kept), started, file));
            }
        }

        /**
         * Whether the run starting at {@code started} takes series {@code id} of {@code gpu} from
         * the earlier-read run that has it: it does when it started later. Either way the run that
         * loses is named in a note.
         */
        private boolean replaceOlder(int gpu, int id, Instant started, GpuResults run, String file) {
            for (int index : runsOfGpu.get(gpu)) {
                Samples held = runs.get(index);
                int[] ids = held.series();
                for (int i = 0; i < ids.length; i++) {
                    if (ids[i] != id) {
                        continue;
                    }
                    boolean newer = started.isAfter(held.started());
                    if (newer) {
                        ids[i] = -1;
                    }
                    notes.add(run.who() + ": kept the run in " + (newer ? file : held.file()) + " (started "
                            + shown(newer ? started : held.started()) + "), dropped the one in "
                            + (newer ? held.file() : file) + " (started " + shown(newer ? held.started() : started)
                            + "): one sample per GPU and result");
                    return newer;
                }
            }
            return false;
        }

        /** The label names of {@code family}'s samples: every one any of them has, the GPU's first. */
        private List<String> labelNames(Family family) {
            Set<String> gpuNames = new LinkedHashSet<>();
            Set<String> seriesNames = new HashSet<>();
            for (Samples run : runs) {
                for (int id : run.series()) {
                    if (id >= 0 && series.get(id).family().equals(family)) {
                        seriesNames.addAll(series.get(id).labels().keySet());
                        gpuNames.addAll(gpus.get(run.gpu()).keySet());
                    }
                }
            }
            List<String> names = new ArrayList<>();
            GPU_LABELS.stream().filter(gpuNames::contains).forEach(names::add);
            for (IdentityField field : IdentityField.values()) {
                if (seriesNames.contains(field.label())) {
                    names.add(field.label());
                }
            }
            return names;
        }

        /**
         * What was dropped, one line per pair of runs of one GPU: where two documents have the same
         * GPU's results, which run's samples were written and which were not.
         */
        public List<String> notes() {
            return List.copyOf(notes);
        }

        private static String shown(Instant started) {
            return started.equals(Instant.MIN) ? "at an unknown time" : started.toString();
        }

        // A document's context.started: an ISO-8601 instant; one that is not reads as the oldest.
        private static Instant startTime(String started) {
            try {
                return started == null ? Instant.MIN : OffsetDateTime.parse(started).toInstant();
            } catch (DateTimeParseException e) {
                return Instant.MIN;
            }
        }

        /**
         * The exposition: each family in the order first seen, its samples in the order read, then
         * {@code # EOF}. Every sample of a family carries the same label names, in one order: the
         * GPU's, then the results' in identity order; a label a sample has no value for is empty,
         * which Prometheus reads as absent (a kernel copy's {@code blocks} beside a driver copy's
         * row, a label only some runs were given).
         */
        public void writeTo(Writer out) throws IOException {
            for (Family family : families) {
                out.write("# TYPE " + family.name() + " gauge\n");
                if (!family.unit().isEmpty()) {
                    out.write("# UNIT " + family.name() + ' ' + family.unit() + '\n');
                }
                out.write("# HELP " + family.name() + ' ' + family.help() + '\n');
                List<String> names = labelNames(family);
                Map<String, String> sample = new HashMap<>();
                for (Samples run : runs) {
                    for (int i = 0; i < run.series().length; i++) {
                        if (run.series()[i] < 0) {
                            continue; // replaced by a newer run's sample
                        }
                        Series s = series.get(run.series()[i]);
                        if (!s.family().equals(family)) {
                            continue;
                        }
                        sample.clear();
                        sample.putAll(gpus.get(run.gpu()));
                        sample.putAll(s.labels());
                        out.write(family.name());
                        out.write('{');
                        for (int n = 0; n < names.size(); n++) {
                            if (n > 0) {
                                out.write(',');
                            }
                            out.write(names.get(n));
                            out.write("=\"");
                            out.write(escape(sample.getOrDefault(names.get(n), "")));
                            out.write('"');
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
                Set<String> present = new HashSet<>();
                disturbedLabels.values().forEach(l -> present.addAll(l.keySet()));
                List<String> names = new ArrayList<>(GPU_LABELS.stream().filter(present::contains).toList());
                names.addAll(List.of("command", "kind"));
                for (Map.Entry<String, Integer> e : disturbed.entrySet()) {
                    Map<String, String> labels = disturbedLabels.get(e.getKey());
                    Map<String, String> all = new LinkedHashMap<>();
                    names.forEach(n -> all.put(n, labels.getOrDefault(n, "")));
                    out.write("xfer_disturbed{" + labelText(all) + "} " + e.getValue() + '\n');
                }
            }
            out.write("# EOF\n");
        }
    }

    /** The GPU's labels, in the order a sample carries them. */
    private static final List<String> GPU_LABELS = List.of("host", "label", "gpu_uuid", "pci_bus_id", "device", "gpu_name", "run");

    /** The document fields whose name is a unit: the family's name says it, a label need not. */
    private static final Set<String> UNIT_FIELDS = Set.of("gbps", "microseconds", "milliseconds", "nanoseconds", "seconds");

    /**
     * A result's identity as labels, with no unit as a value: {@code measured} (the document's
     * field) is left out where the field's name is only its unit ({@code milliseconds}: the
     * family {@code xfer_run_seconds} says that already), and loses a unit suffix otherwise
     * ({@code firstMs} is {@code first}).
     */
    static Map<String, String> seriesLabels(Map<String, String> identity) {
        Map<String, String> labels = new LinkedHashMap<>(identity);
        String measured = labels.get(IdentityField.MEASURED.label());
        if (measured != null) {
            if (UNIT_FIELDS.contains(measured)) {
                labels.remove(IdentityField.MEASURED.label());
            } else if (measured.endsWith("Gbps") || measured.endsWith("Ms")) {
                labels.put(IdentityField.MEASURED.label(), measured.substring(0, measured.length() - (measured.endsWith("Ms") ? 2 : 4)));
            }
        }
        return labels;
    }

    /** {@code k="v",k2="v2"}: a label set without its braces. */
    private static String labelText(Map<String, String> labels) {
        StringBuilder out = new StringBuilder();
        labels.forEach((k, v) -> {
            if (!out.isEmpty()) {
                out.append(',');
            }
            out.append(k).append("=\"").append(escape(v)).append('"');
        });
        return out.toString();
    }

    /** Label values escape backslash, double quote and line feed, and nothing else. */
    public static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        return Double.toString(value);
    }
}
