package dev.xfer.app.latency;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.units.ByteSize;

import java.util.Locale;

/** The latency results for people: one row per target and size, then the notes and what was waived, with why. */
public final class LatencyText {
    private LatencyText() {
    }

    public static String render(LatencyResults report) {
        LatencyPlan plan = report.plan();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "pointer chase: one dependent 8-byte load per %d-byte node, %s cycle%s, %d accesses per chase,"
                        + " %d timed chase%s after 1 untimed, timer events%n",
                LatencyPlan.NODE_BYTES, plan.order(),
                plan.order() == ChaseOrder.RANDOM ? " (seed " + plan.seed() + ")" : "", plan.accesses(),
                plan.iterations(), plan.iterations() == 1 ? "" : "s"));
        TextTable table = TextTable.of(Column.left("target"), Column.left("size"), Column.right("bytes"),
                Column.right("median ns"), Column.right("min ns"), Column.right("max ns"), Column.left("check"));
        boolean anyRow = false;
        for (LatencyResult r : report.run().results()) {
            if (r.nanoseconds() instanceof Summary ns) {
                table.addRow(r.target().id(), ByteSize.ofBytes(r.bytes()).format(), Long.toString(r.bytes()),
                        f1(ns.median()), f1(ns.min()), f1(ns.max()), r.verified() ? "ok" : "FAILED");
                anyRow = true;
            }
        }
        if (anyRow) {
            out.append(table.render());
            out.append(legend(report));
        }
        for (LatencyResult r : report.run().results()) {
            r.failure().ifPresent(f -> out.append("FAILED ").append(ResultNames.of(r.identity(report.plan())))
                    .append(": ").append(f).append('\n'));
        }
        for (LatencyResult r : report.run().results()) {
            r.nanoseconds().whyNot().ifPresent(why -> out.append("FAILED: ")
                    .append(UnmeasuredRow.words(r.configuration(), why)).append('\n'));
        }
        // What was not measured, then the notes, in bandwidth's order.
        out.append(Waiver.text(report.run().waived()));
        out.append(NoteLines.of(report.notes()));
        return out.toString();
    }

    private static String legend(LatencyResults report) {
        StringBuilder out = new StringBuilder();
        boolean remote = report.run().results().stream().anyMatch(r -> r.target().uncached());
        boolean local = report.run().results().stream().anyMatch(r -> !r.target().uncached());
        if (remote) {
            out.append("host and gpuN (a peer GPU's memory): every load bypasses the caches (ld.global.cv) and crosses the link\n");
        }
        if (local) {
            out.append("device: this GPU's own memory, read through its caches (ld.global.ca): small buffers show L1 and L2\n");
        }
        return out.toString();
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
