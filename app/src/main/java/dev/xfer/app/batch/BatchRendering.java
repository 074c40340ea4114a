package dev.xfer.app.batch;

import dev.xfer.app.format.Decimals;
import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.format.ByNodeTable;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.stats.Summarized;
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
 * The batch report as text and CSV (its JSON is {@link BatchDocument}), and its results by name:
 * {@code batch.<strategy>.ms} (median) and {@code batch.<strategy>.gbps}. With {@code --numa-node all}
 * the plan runs once per node and every name ends in the node, {@code batch.pinned-async.gbps.node1},
 * so that {@code batch.pinned-async.gbps} still selects them all.
 */
public final class BatchRendering {
    private BatchRendering() {
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
                .orElse(report.results().getFirst()).strategy().label();
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
                cells.addAll(List.of("-", "-", "-", "-", "-", "unavailable: " + r.unavailable().orElseThrow()));
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
        for (BatchStrategy s : new LinkedHashSet<>(report.results().stream().map(BatchResult::strategy).toList())) {
            out.append(String.format(Locale.ROOT, "  %-23s %s%n", s.label(), s.description()));
        }
        for (String line : hostMemoryLines(report)) {
            out.append(line).append('\n');
        }
        byNode(report).ifPresent(out::append);
        for (String note : report.notes()) {
            out.append("note: ").append(note).append('\n');
        }
        for (BatchResult r : report.results()) {
            r.notMeasured().ifPresent(why -> out.append("FAILED: ").append(r.configuration()).append(": not measured: ")
                    .append(why).append('\n'));
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

    public static List<MetricDeclaration> declare(BatchPlan plan) {
        return declare(plan, List.of());
    }

    /**
     * The names a plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public static List<MetricDeclaration> declare(BatchPlan plan, List<Integer> nameNodes) {
        List<OptionalInt> passes = nameNodes.isEmpty() ? List.of(OptionalInt.empty())
                : nameNodes.stream().map(OptionalInt::of).toList();
        List<MetricDeclaration> out = new ArrayList<>();
        for (OptionalInt node : passes) {
            for (BatchStrategy s : plan.strategies()) {
                for (String measured : List.of(MILLISECONDS, GBPS)) {
                    out.add(RunResult.declaration(name(identity(plan, s, node, measured), true),
                            Quantity.of(measured).orElseThrow(), false));
                }
            }
        }
        return out;
    }

    private static final String MILLISECONDS = "milliseconds";
    private static final String GBPS = "gbps";

    /** The identity of a strategy's time for the whole batch, or its rate. */
    public static Identity identity(BatchPlan plan, BatchStrategy strategy, OptionalInt node, String measured) {
        Identity.Builder id = Identity.of("batch", measured).with(IdentityField.STRATEGY, strategy.label())
                .with(IdentityField.COUNT, plan.count()).with(IdentityField.BYTES, plan.bytes())
                .with(IdentityField.THREADS, plan.threads());
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        return id.build();
    }

    /** {@code batch.<strategy>.ms} or {@code .gbps}, then {@code .node<N>} where the run names nodes. */
    public static String name(Identity identity, boolean nodeNamed) {
        String last = identity.measured().equals(GBPS) ? "gbps" : "ms";
        return NumaNodeOption.withNode(base(identity) + "." + last, nodeNamed && identity.numaNode().isPresent()
                ? OptionalInt.of(Math.toIntExact(identity.numaNode().getAsLong())) : OptionalInt.empty());
    }

    private static String base(Identity identity) {
        return "batch." + identity.word(IdentityField.STRATEGY).orElseThrow();
    }

    public static RunResults metrics(BatchResults report) {
        List<RunResult> out = new ArrayList<>();
        boolean nodeNamed = report.placement().namesCarryNode();
        for (BatchResult r : report.results()) {
            // A strategy whose clock gave no time fails with why (RunResult.measured): nothing in it can pass.
            CheckOutcome check = r.unavailable().isPresent()
                    ? CheckOutcome.notChecked("unavailable: " + r.unavailable().get())
                    : r.verified() ? CheckOutcome.PASSED : CheckOutcome.failed("buffer " + r.wrongBuffer().orElseThrow()
                    + " arrived wrong" + (r.numaNode().isPresent() ? " on node " + r.numaNode().getAsInt() : ""));
            Identity time = identity(report.plan(), r.strategy(), r.numaNode(), MILLISECONDS);
            RunResult.Measured measured = r.milliseconds().map(ms -> RunResult.measured(time, ms, check))
                    .orElse(RunResult.notMeasured(time, whyNot(r), check));
            out.add(RunResult.configuration(name(time, nodeNamed), measured,
                    NumaNodeOption.withNode(base(time), nodeNamed ? r.numaNode() : OptionalInt.empty())));
            Identity rate = identity(report.plan(), r.strategy(), r.numaNode(), GBPS);
            out.add(RunResult.figure(name(rate, nodeNamed), r.measured().isPresent()
                    ? RunResult.single(rate, r.gigabytesPerSecond(), CheckOutcome.NOT_CHECKED)
                    : RunResult.notMeasured(rate, whyNot(r), CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("batch", out);
    }

    /** Why a strategy has no figure: this machine cannot run it, or its clock gave no time. */
    private static String whyNot(BatchResult r) {
        return r.unavailable().map(u -> "unavailable: " + u)
                .or(() -> r.milliseconds().flatMap(Summarized::whyNot)).orElse("not run");
    }
}
