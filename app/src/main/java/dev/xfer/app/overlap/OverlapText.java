package dev.xfer.app.overlap;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.format.ByNodeTable;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;

import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SequencedSet;

/**
 * The overlap results for people: the schedules, then the model they are judged against. With
 * {@code --numa-node} the table gains a node column, each pass a line saying where the host
 * array's sampled pages really were, and several passes a table of median times by node.
 */
public final class OverlapText {
    private OverlapText() {
    }

    /**
     * What the header says of a gated start; nothing for a plain one, whose header is the one
     * written before there was a choice.
     */
    static String startNote(OverlapPlan plan) {
        return plan.gated()
                ? ", gated start: each run queued whole behind hold_stream, timed from the gate's opening" : "";
    }

    public static String render(OverlapResults report) {
        OverlapPlan plan = report.plan();
        boolean placed = report.placement().option().given();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "%d floats (%d bytes), %d streams, block %d, kernel iterations %d, %s host memory, %d iterations after %d+ warm-up runs (200 ms at least)%s%n",
                plan.elements(), plan.bytes(), plan.streams(), plan.blockSize(), plan.kernelIterations(), plan.memory(),
                plan.iterations(), plan.warmup(), startNote(plan)));
        int engines = report.context().device().asyncEngines();
        out.append("copy engines: ").append(engines).append(engines >= 2
                ? " (H2D and D2H can run at the same time as each other and as kernels)\n"
                : " (H2D and D2H cannot overlap each other: overlap in both directions needs two)\n");
        List<Column> columns = new ArrayList<>(List.of(Column.left("schedule")));
        if (placed) {
            columns.add(Column.right("node"));
        }
        columns.addAll(List.of(Column.right("median ms"), Column.right("min ms"), Column.right("max ms"),
                Column.right("GB/s"), Column.right("speedup"), Column.right("efficiency"), Column.right("max error")));
        TextTable table = new TextTable(null, columns);
        for (OverlapResult r : report.results()) {
            List<String> cells = new ArrayList<>(List.of(r.schedule().label()));
            if (placed) {
                cells.add(node(r.numaNode()));
            }
            if (r.notMeasured().isPresent()) {
                cells.addAll(List.of("-", "-", "-", "-", "-", "not measured", String.format(Locale.ROOT, "%e", r.maxError())));
                table.addRow(cells);
                continue;
            }
            Summary ms = r.measured().orElseThrow();
            cells.addAll(List.of(f3(ms.median()), f3(ms.min()), f3(ms.max()), Decimals.fixed(r.gigabytesPerSecond(), 2),
                    r.speedup().isPresent() ? String.format(Locale.ROOT, "%.2fx", r.speedup().getAsDouble()) : "-",
                    String.format(Locale.ROOT, "%.0f%%", 100 * r.efficiency()),
                    String.format(Locale.ROOT, "%e", r.maxError())));
            table.addRow(cells);
        }
        out.append(table.render());
        boolean several = report.passes().size() > 1;
        for (OverlapResults.Pass pass : report.passes()) {
            if (pass.model().isEmpty()) {
                out.append("model").append(several ? ", " + report.placement().describePass(pass.numaNode()) : "")
                        .append(": not measured (see FAILED below)\n");
                continue;
            }
            OverlapModel model = pass.model().get();
            out.append(String.format(Locale.ROOT,
                    "model%s: H2D %.3f ms + kernel %.3f ms + D2H %.3f ms = %.3f ms sequential; ideal with %d streams %.3f ms%n",
                    several ? ", " + report.placement().describePass(pass.numaNode()) : "", model.h2dMs(), model.kernelMs(),
                    model.d2hMs(), model.sequentialMs(), model.streams(), model.idealMs()));
        }
        for (String line : hostMemoryLines(report)) {
            out.append(line).append('\n');
        }
        byNode(report).ifPresent(out::append);
        out.append(NoteLines.of(report.notes()));
        for (OverlapResult r : report.results()) {
            r.notMeasured().ifPresent(why -> out.append("FAILED: ").append(UnmeasuredRow.words(r.configuration(), why))
                    .append('\n'));
        }
        for (OverlapResult r : report.results()) {
            // A schedule left untimed (its pass has no model) has no error to report: its FAILED line says why.
            if (!r.withinTolerance() && !(r.notMeasured().isPresent() && Double.isNaN(r.maxError()))) {
                out.append(String.format(Locale.ROOT, "WRONG RESULT: %s%s max error %e above %.0e%n",
                        r.schedule(), r.numaNode().isPresent() ? " on node " + r.numaNode().getAsInt() : "",
                        r.maxError(), OverlapResult.TOLERANCE));
            }
        }
        return out.toString();
    }

    /** The node column: the node asked for, {@code -} when nothing was placed. */
    static String node(OptionalInt node) {
        return node.isPresent() ? Integer.toString(node.getAsInt()) : "-";
    }

    /**
     * One line per pass saying where the host array's sampled pages really were; none for an
     * unplaced pass, whose pages are not sampled.
     * <pre>
     * host memory, node 1 (CPUs 24-47): pinned on node 1 (64 of 64 sampled pages)
     * </pre>
     */
    static List<String> hostMemoryLines(OverlapResults report) {
        List<String> lines = new ArrayList<>();
        String memory = report.plan().memory().label();
        for (OverlapResults.Pass pass : report.passes()) {
            if (pass.results().isEmpty()) {
                continue;
            }
            Optional<HostMemoryNodes> pages = pass.results().getFirst().hostMemoryNodes();
            if (pass.numaNode().isEmpty() && pages.isEmpty()) {
                continue;
            }
            lines.add("host memory, " + report.placement().describePass(pass.numaNode()) + ": " + memory + " "
                    + pages.map(p -> p.describeFor(pass.numaNode())).orElse("not sampled"));
        }
        return lines;
    }

    /**
     * With several nodes measured, each schedule's median ms from each node side by side, the
     * GPU's own node marked {@code near} and the others {@code far} when it is known.
     */
    static Optional<String> byNode(OverlapResults report) {
        SequencedSet<Integer> nodes = new LinkedHashSet<>();
        report.results().forEach(r -> r.numaNode().ifPresent(nodes::add));
        if (nodes.size() < 2) {
            return Optional.empty();
        }
        OptionalInt gpu = report.context().device().numaNode();
        TextTable table = ByNodeTable.create("median ms by NUMA node of host memory and thread", List.of(Column.left("schedule")), nodes, gpu);
        Map<OverlapSchedule, Map<Integer, OverlapResult>> rows = new LinkedHashMap<>();
        for (OverlapResult r : report.results()) {
            if (r.numaNode().isPresent()) {
                rows.computeIfAbsent(r.schedule(), k -> new LinkedHashMap<>()).putIfAbsent(r.numaNode().getAsInt(), r);
            }
        }
        rows.forEach((schedule, byNode) -> {
            List<String> cells = new ArrayList<>(List.of(schedule.label()));
            for (int node : nodes) {
                OverlapResult r = byNode.get(node);
                cells.add(r == null || r.measured().isEmpty() ? "-" : f3(r.measured().get().median()));
            }
            table.addRow(cells);
        });
        return Optional.of(table.render());
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
