package dev.xfer.app.batch;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.staging.HostCopy;
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
 * The batch report as text (its JSON is {@link BatchDocument}; its results, {@link BatchResults#runResults()}).
 */
public final class BatchText {
    private BatchText() {
    }

    public static String text(BatchResults report) {
        BatchPlan p = report.plan();
        boolean placed = report.placement().option().given();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "%d buffers x %d bytes (%d bytes), host clock from the first call to all copies complete, "
                        + "%d iterations after %d+ warm-up runs (200 ms at least), %d threads, staging %d x %d bytes, %d copy threads, host copies by %s%n",
                p.count(), p.bytes(), p.totalBytes(), p.iterations(), p.warmup(), p.threads(), p.stagingSlots(),
                p.stagingBytes(), p.copyThreads(), p.hostCopy() == HostCopy.LIBC ? "libc memcpy" : "MemorySegment.copy"));
        // the ratios are against the first strategy that ran (BatchBenchmark), not one that was unavailable
        String first = report.results().stream().filter(BatchResult::ran).findFirst()
                .or(() -> report.results().stream().findFirst()).map(r -> r.strategy().label()).orElse("first");
        List<Column> columns = new ArrayList<>(List.of(Column.left("strategy")));
        if (placed) {
            columns.add(Column.right("node"));
        }
        columns.addAll(List.of(Column.right("median ms"), Column.right("min ms"), Column.right("max ms"),
                Column.right("GB/s"), Column.right("time vs " + first), Column.left("data")));
        TextTable table = new TextTable(null, columns);
        for (BatchResult r : report.results()) {
            List<String> cells = new ArrayList<>(List.of(r.strategy().label()));
            if (placed) {
                cells.add(r.numaNode().isPresent() ? Integer.toString(r.numaNode().getAsInt()) : "-");
            }
            if (!r.ran()) {
                cells.addAll(List.of("-", "-", "-", "-", "-", "waived (below)"));
                table.addRow(cells);
                continue;
            }
            if (r.notMeasured().isPresent()) {
                cells.addAll(List.of("-", "-", "-", "-", "-", "not measured"));
                table.addRow(cells);
                continue;
            }
            Summary ms = r.measured().orElseThrow();
            cells.addAll(List.of(f(ms.median()), f(ms.min()), f(ms.max()),
                    Decimals.fixed(r.gigabytesPerSecond(), 2),
                    String.format(Locale.ROOT, "%.2fx", r.timeVsFirst().orElse(Double.NaN)),
                    r.verified() ? "ok" : "WRONG (buffer " + r.wrongBuffer().orElseThrow() + ")"));
            table.addRow(cells);
        }
        out.append(table.render());
        SequencedSet<BatchStrategy> shown = new LinkedHashSet<>(report.results().stream().map(BatchResult::strategy).toList());
        // 23 wide as always; the pageable batched strategies' longer names widen it
        int width = Math.max(23, shown.stream().mapToInt(s -> s.label().length()).max().orElse(0));
        for (BatchStrategy s : shown) {
            out.append(String.format(Locale.ROOT, "  %-" + width + "s %s%n", s.label(), s.description()));
        }
        for (String line : hostMemoryLines(report)) {
            out.append(line).append('\n');
        }
        byNode(report).ifPresent(out::append);
        out.append(NoteLines.of(report.notes()));
        out.append(dev.xfer.app.result.Waiver.text(report.waived()));
        for (BatchResult r : report.results()) {
            r.notMeasured().ifPresent(why -> out.append("FAILED: ").append(UnmeasuredRow.words(r.configuration(), why))
                    .append('\n'));
        }
        return out.toString();
    }

    /**
     * One line per placed pass saying where each group of host buffers really was, from sampled
     * pages of every buffer in it; none for an unplaced pass, whose pages are not sampled.
     * <pre>
     * host memory, node 1 (CPUs 24-47): pageable sources on node 1 (64000 of 64000 sampled pages); pinned pool on ...
     * </pre>
     */
    static List<String> hostMemoryLines(BatchResults report) {
        List<String> lines = new ArrayList<>();
        for (BatchHostMemory pass : report.hostMemory()) {
            if (pass.numaNode().isEmpty() && pass.buffers().values().stream().allMatch(Optional::isEmpty)) {
                continue;
            }
            List<String> groups = new ArrayList<>();
            pass.buffers().forEach((group, pages) -> groups.add(group + " "
                    + pages.map(x -> x.describeFor(pass.numaNode())).orElse("not sampled")));
            lines.add("host memory, " + report.placement().describePass(pass.numaNode()) + ": "
                    + (groups.isEmpty() ? "not sampled" : String.join("; ", groups)));
        }
        return lines;
    }

    /**
     * With several nodes measured, each strategy's median ms from each node side by side, the
     * GPU's own node marked {@code near} and the others {@code far} when it is known.
     */
    static Optional<String> byNode(BatchResults report) {
        SequencedSet<Integer> nodes = new LinkedHashSet<>();
        report.results().forEach(r -> r.numaNode().ifPresent(nodes::add));
        if (nodes.size() < 2) {
            return Optional.empty();
        }
        OptionalInt gpu = report.context().device().numaNode();
        TextTable table = ByNodeTable.create("median ms by NUMA node of host memory and threads", List.of(Column.left("strategy")), nodes, gpu);
        Map<BatchStrategy, Map<Integer, BatchResult>> rows = new LinkedHashMap<>();
        for (BatchResult r : report.results()) {
            if (r.numaNode().isPresent()) {
                rows.computeIfAbsent(r.strategy(), k -> new LinkedHashMap<>()).putIfAbsent(r.numaNode().getAsInt(), r);
            }
        }
        rows.forEach((strategy, byNode) -> {
            List<String> cells = new ArrayList<>(List.of(strategy.label()));
            for (int node : nodes) {
                BatchResult r = byNode.get(node);
                cells.add(r == null || r.measured().isEmpty() ? "-" : f(r.measured().get().median()));
            }
            table.addRow(cells);
        });
        return Optional.of(table.render());
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
