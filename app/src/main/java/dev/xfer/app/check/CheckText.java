package dev.xfer.app.check;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;

import java.util.Locale;

/** The check results for people: one row per scenario, then what each scenario did. */
public final class CheckText {
    private CheckText() {
    }

    public static String render(CheckResults report) {
        return render(report, false);
    }

    /**
     * With {@code verbose}, also where each scenario's time went (per phase, summed over its
     * trials); otherwise only the run's total, when the run was timed.
     */
    public static String render(CheckResults report, boolean verbose) {
        CheckPlan plan = report.plan();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "%d doubles (%d bytes) of 1..%d repeated, %s host memory, %d trials each, %d reader thread%s%n",
                plan.elements(), plan.bytes(), CheckPlan.PERIOD, plan.memory(), plan.trials(), plan.readers(),
                plan.readers() == 1 ? "" : "s"));
        TextTable table = TextTable.of(Column.left("scenario"), Column.right("trials"), Column.right("copy in flight"), Column.right("wrong trials"),
                Column.right("stale mean"), Column.right("stale worst"), Column.right("max error"), Column.left("verdict"));
        for (CheckResult r : report.results()) {
            table.addRow(r.scenario().id(), Integer.toString(r.trials()), Integer.toString(r.inFlightTrials()),
                    Integer.toString(r.wrongTrials()),
                    String.format(Locale.ROOT, "%.1f", r.staleMean()),
                    String.format(Locale.ROOT, "%d (%.2g%%)", r.staleWorst(), 100 * r.staleFractionWorst()),
                    Double.isInfinite(r.maxError()) ? "poison" : String.format(Locale.ROOT, "%.6g", r.maxError()),
                    r.conclusion() == Conclusion.RACE_NOT_OBSERVED
                            ? r.conclusion().text() + " in " + r.trials() + " trials" : r.conclusion().text());
        }
        out.append(table.render());
        for (CheckResult r : report.results()) {
            out.append(String.format(Locale.ROOT, "  %-14s %s%n", r.scenario().id(), r.scenario().description()));
        }
        out.append("copy in flight: trials whose copy was still running when the host touched the memory (the race window);\n")
                .append("max error \"poison\": the read saw bytes the copy had not written yet\n");
        out.append(NoteLines.of(report.notes()));
        if (report.seconds() > 0) {
            out.append(String.format(Locale.ROOT, "time: %.1f s (setup %.1f s, trials %.1f s)%s%n", report.seconds(),
                    report.setupSeconds(), report.seconds() - report.setupSeconds(),
                    verbose ? "" : "; --verbose shows where it went"));
            if (verbose) {
                out.append(times(report));
            }
        }
        return out.toString();
    }

    private static String times(CheckResults report) {
        TextTable table = TextTable.of(Column.left("seconds"), Column.right("total"), Column.right("per trial"),
                Column.right("prepare"), Column.right("copy"), Column.right("host access"), Column.right("verify"));
        table.addRow("setup", seconds(report.setupSeconds()), "", "", "", "", "");
        for (CheckResult r : report.results()) {
            CheckTimes t = r.times();
            table.addRow(r.scenario().id(), seconds(t.total()),
                    String.format(Locale.ROOT, "%.1f ms", 1e3 * t.total() / Math.max(1, r.trials())),
                    seconds(t.prepare()), seconds(t.copy()), seconds(t.hostAccess()), seconds(t.verify()));
        }
        return table.render()
                + "prepare: poison resets, and the H2D source's values restored; copy: issuing the copies and\n"
                + "waiting for them; host access: the host's read (D2H) or overwrite (H2D); verify: counting an\n"
                + "H2D target's wrong elements on the device\n";
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f", s);
    }
}
