package dev.xfer.app.bandwidth;

import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.util.Locale;

/** The bandwidth report as a table for people. */
public final class BandwidthText {
    private BandwidthText() {
    }

    public static String render(BandwidthReport report) {
        BandwidthPlan plan = report.plan();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT, "timer %s, %d iterations after %d+ warm-up runs (200 ms at least), GB/s = 1e9 bytes/s%n",
                plan.timer().label(), plan.iterations(), plan.warmup()));
        TextTable table = TextTable.of(Column.left("memory"), Column.left("direction"), Column.right("bytes"),
                Column.right("median GB/s"), Column.right("min GB/s"), Column.right("max GB/s"),
                Column.right("median us"), Column.right("% link"), Column.left("data"));
        for (BandwidthResult r : report.results()) {
            table.addRow(r.memory(), r.direction(), Long.toString(r.bytes()),
                    f2(r.gigabytesPerSecond().median()), f2(r.gigabytesPerSecond().min()), f2(r.gigabytesPerSecond().max()),
                    f1(r.microseconds().median()),
                    r.percentOfLink().isPresent() ? f1(r.percentOfLink().getAsDouble()) : "-",
                    r.verified() ? "ok" : "WRONG");
        }
        out.append(table.render());
        for (String note : report.notes()) {
            out.append("note: ").append(note).append('\n');
        }
        for (VerificationFailure f : report.failures()) {
            out.append("WRONG DATA: ").append(f.describe()).append('\n');
        }
        return out.toString();
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
