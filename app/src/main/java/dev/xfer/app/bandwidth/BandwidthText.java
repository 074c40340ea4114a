package dev.xfer.app.bandwidth;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SequencedSet;

/** The bandwidth report as a table for people. */
public final class BandwidthText {
    private BandwidthText() {
    }

    public static String render(BandwidthResults report) {
        BandwidthPlan plan = report.plan();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT, "timer %s, %d iterations after %d+ warm-up runs (200 ms at least), GB/s = 1e9 bytes/s%n",
                plan.timer().label(), plan.iterations(), plan.warmup()));
        // The copy column appears only when a path besides the driver's was asked for, the blocks
        // column only with the copy kernel, the pieces column only with the batch API: driver-only
        // tables stay as they were.
        boolean paths = plan.showsCopyPath();
        boolean kernel = plan.launchesGrids();
        boolean deviceLocal = plan.directions().stream().anyMatch(CopyDirection::deviceLocal);
        if (deviceLocal) {
            out.append(COUNTED).append('\n');
        }
        boolean pieces = plan.batchApiCopies();
        List<Column> columns = new ArrayList<>(List.of(Column.left("memory")));
        if (paths) {
            columns.add(Column.left("copy"));
        }
        if (kernel) {
            columns.add(Column.right("blocks"));
        }
        if (pieces) {
            columns.add(Column.right("pieces"));
        }
        columns.addAll(List.of(Column.left("direction"), Column.right("node"),
                Column.right(deviceLocal ? "bytes (d2d once)" : "bytes"), Column.right("median GB/s"), Column.right("min GB/s"), Column.right("max GB/s"),
                Column.right("median us"), Column.right("% link"), Column.left("data")));
        TextTable table = new TextTable(null, columns);
        for (BandwidthResult r : report.results()) {
            List<String> cells = new ArrayList<>(List.of(r.memory().label()));
            if (paths) {
                cells.add(r.copy().label());
            }
            if (kernel) {
                cells.add(r.shape().map(s -> Integer.toString(s.blocks())).orElse("-"));
            }
            if (pieces) {
                cells.add(r.pieces().isPresent() ? Integer.toString(r.pieces().getAsInt()) : "-");
            }
            cells.addAll(List.of(r.direction().label(), node(r.numaNode()), Long.toString(r.bytes()),
                    f2(r.gigabytesPerSecond().median()), f2(r.gigabytesPerSecond().min()), f2(r.gigabytesPerSecond().max()),
                    f1(r.microseconds().median()),
                    r.percentOfLink().isPresent() ? f1(r.percentOfLink().getAsDouble()) : "-",
                    r.verified() ? "ok" : "WRONG"));
            table.addRow(cells);
        }
        out.append(table.render());
        if (plan.staged()) {
            out.append(ceilings(report));
        }
        if (kernel) {
            out.append(KernelCopyText.launchLines(plan));
            KernelCopyText.saturation(report).ifPresent(out::append);
            KernelCopyText.crossover(report).ifPresent(out::append);
        }
        for (String line : allocationLines(report)) {
            out.append(line).append('\n');
        }
        for (String line : hostMemoryLines(report)) {
            out.append(line).append('\n');
        }
        byNode(report).ifPresent(out::append);
        out.append(notes(report));
        for (VerificationFailure f : report.failures()) {
            out.append("WRONG DATA: ").append(f.describe()).append('\n');
        }
        for (Unmeasured u : report.unmeasured()) {
            out.append("FAILED: ").append(u.describe()).append('\n');
        }
        out.append(dev.xfer.app.result.Waiver.text(report.waived()));
        return out.toString();
    }

    /** The report's notes, a {@code note:} line each. */
    public static String notes(BandwidthResults report) {
        return NoteLines.of(report.notes());
    }

    /**
     * How the device-local rows count their bytes, above a table that has them: what the
     * {@code bytes (d2d once)} column says in short.
     */
    static final String COUNTED = "device rows count bytes once: d2d the bytes copied (not read plus written),"
            + " d2d-read the bytes read, d2d-write the bytes written (as nvbandwidth counts them)";

    /**
     * One line per configuration measured on several host allocations: the rows above show the
     * best allocation; this says how far the others fell below it.
     */
    static List<String> allocationLines(BandwidthResults report) {
        List<String> lines = new ArrayList<>();
        for (BandwidthResult r : report.results()) {
            r.allocations().ifPresent(a -> lines.add(String.format(Locale.ROOT,
                    "allocations: %s: best of %d host allocations %s GB/s, worst %s GB/s (%s%% below best)",
                    r.configuration(), a.count(), f2(a.best()), f2(a.worst()), f1(a.spreadPercent()))));
        }
        return lines;
    }

    /**
     * Each staged result beside what bounds it, measured in the same run with the same lanes and
     * slots: the host copies alone (h2h) and the copy engine alone (pinned).
     */
    static String ceilings(BandwidthResults report) {
        var staging = report.plan().staging();
        String title = String.format(Locale.ROOT, "staged path: %d threads x %d slots of %d B, %s memcpy, timed by the"
                        + " host clock; model: staged <= min(h2h, pinned), overlapped:", staging.threads(),
                staging.slotsPerThread(), staging.slotBytes(), staging.hostCopy().label());
        TextTable table = new TextTable(title, List.of(Column.left("memory"), Column.left("direction"),
                Column.right("node"), Column.right("bytes"), Column.right("staged GB/s"), Column.right("h2h GB/s"),
                Column.right("pinned GB/s"), Column.left("bound"), Column.right("% of bound")));
        for (BandwidthResult r : report.results()) {
            if (r.ceiling().isEmpty()) {
                continue;
            }
            StagedCeiling c = r.ceiling().get();
            double median = r.gigabytesPerSecond().median();
            table.addRow(List.of(r.memory().label(), r.direction().label(), node(r.numaNode()), Long.toString(r.bytes()), f2(median),
                    f2(c.h2hGbps().median()), f2(c.pinnedGbps().median()), c.bound(), f1(c.percentOfBound(median))));
        }
        return table.render();
    }

    /** The node column: the node asked for, {@code -} when nothing was placed. */
    static String node(OptionalInt node) {
        return node.isPresent() ? Integer.toString(node.getAsInt()) : "-";
    }

    /**
     * One line per pass (per node with {@code --numa-node all}) saying where the host buffers'
     * sampled pages really were, for each memory kind; none for a pass without host buffers, nor
     * for an unplaced pass whose pages could not be sampled.
     * <pre>
     * host memory, node 1 (CPUs 24-47): pageable on node 1 (64 of 64 sampled pages); pinned on node 1 (64 of 64 sampled pages)
     * </pre>
     */
    static List<String> hostMemoryLines(BandwidthResults report) {
        SequencedSet<OptionalInt> passes = new LinkedHashSet<>();
        report.placement().targets().forEach(t -> passes.add(t.node()));
        report.results().forEach(r -> passes.add(r.numaNode()));
        List<String> lines = new ArrayList<>();
        for (OptionalInt pass : passes) {
            // One entry per buffer: h2d and d2h of a size share theirs, bidir has one per direction.
            Map<String, Map<String, Optional<HostMemoryNodes>>> byKind = new LinkedHashMap<>();
            for (BandwidthResult r : report.results()) {
                if (!r.numaNode().equals(pass) || r.direction() == RowDirection.D2D) {
                    continue;
                }
                String buffer = r.bytes() + (r.direction().copy() == CopyDirection.BIDIR ? " " + r.direction().label() : "");
                byKind.computeIfAbsent(r.memory().label(), k -> new LinkedHashMap<>()).putIfAbsent(buffer, r.hostMemoryNodes());
            }
            boolean anySampled = byKind.values().stream().flatMap(m -> m.values().stream()).anyMatch(Optional::isPresent);
            if (byKind.isEmpty() || (pass.isEmpty() && !anySampled)) {
                continue;
            }
            List<String> kinds = new ArrayList<>();
            byKind.forEach((kind, buffers) -> kinds.add(kind + " " + where(kind, buffers.values(), pass)));
            lines.add("host memory, " + describePass(report, pass) + ": " + String.join("; ", kinds));
        }
        return lines;
    }

    private static String describePass(BandwidthResults report, OptionalInt pass) {
        return report.placement().targets().stream().filter(t -> t.node().equals(pass)).findFirst()
                .map(NodeTarget::describe)
                .orElse(pass.isPresent() ? "node " + pass.getAsInt() : "not placed");
    }

    private static String where(String kind, java.util.Collection<Optional<HostMemoryNodes>> buffers, OptionalInt pass) {
        List<HostMemoryNodes> sampled = buffers.stream().flatMap(Optional::stream).toList();
        if (sampled.isEmpty()) {
            return kind.equals("heap") ? "not sampled (the Java heap has no fixed address)" : "not sampled";
        }
        HostMemoryNodes all = HostMemoryNodes.sum(sampled);
        String text = all.describe();
        if (pass.isPresent() && !all.allOn(pass.getAsInt())) {
            text += ", NOT all on node " + pass.getAsInt();
        }
        return text;
    }

    /**
     * With several nodes measured, the median GB/s of each configuration from each node side by
     * side, the GPU's own node marked {@code near} and the others {@code far} when it is known.
     */
    static Optional<String> byNode(BandwidthResults report) {
        SequencedSet<Integer> nodes = new LinkedHashSet<>();
        report.results().forEach(r -> r.numaNode().ifPresent(nodes::add));
        if (nodes.size() < 2) {
            return Optional.empty();
        }
        OptionalInt gpu = report.context().device().numaNode();
        List<Column> columns = new ArrayList<>(List.of(Column.left("memory"), Column.left("direction"),
                Column.right("bytes")));
        for (int node : nodes) {
            String side = gpu.isEmpty() ? "" : node == gpu.getAsInt() ? " near" : " far";
            columns.add(Column.right("node " + node + side));
        }
        String title = "median GB/s by NUMA node of host memory and thread ("
                + (gpu.isPresent() ? "the GPU is on node " + gpu.getAsInt() : "the GPU's node is unknown") + "):";
        TextTable table = new TextTable(title, columns);
        Map<String, Map<Integer, BandwidthResult>> rows = new LinkedHashMap<>();
        for (BandwidthResult r : report.results()) {
            if (r.numaNode().isPresent() && r.direction() != RowDirection.D2D) {
                rows.computeIfAbsent(r.path() + "\t" + r.direction() + "\t" + r.bytes(), k -> new LinkedHashMap<>())
                        .putIfAbsent(r.numaNode().getAsInt(), r);
            }
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        rows.forEach((key, byNode) -> {
            List<String> cells = new ArrayList<>(List.of(key.split("\t")));
            for (int node : nodes) {
                BandwidthResult r = byNode.get(node);
                cells.add(r == null ? "-" : f2(r.gigabytesPerSecond().median()));
            }
            table.addRow(cells);
        });
        return Optional.of(table.render());
    }

    /** Rates: two decimals, or two significant digits where two decimals would show fewer (tiny copies). */
    static String f2(double v) {
        return Decimals.fixed(v, 2);
    }

    static String f1(double v) {
        return Decimals.fixed(v, 1);
    }
}
