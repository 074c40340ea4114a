package dev.xfer.app.check;

import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.util.Locale;

/** The check report for people: one row per scenario, then what each scenario did. */
public final class CheckText {
    private CheckText() {
    }

    public static String render(CheckReport report) {
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
                    r.verdict() == Verdict.RACE_NOT_OBSERVED
                            ? r.verdict().text() + " in " + r.trials() + " trials" : r.verdict().text());
        }
        out.append(table.render());
        for (CheckResult r : report.results()) {
            out.append(String.format(Locale.ROOT, "  %-14s %s%n", r.scenario().id(), r.scenario().description()));
        }
        out.append("copy in flight: trials whose copy was still running when the host touched the memory (the race window);\n")
                .append("max error \"poison\": the read saw bytes the copy had not written yet\n");
        return out.toString();
    }
}
