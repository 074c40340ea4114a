package dev.xfer.app.overlap;

import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.util.Locale;

/** The overlap report for people: the schedules, then the model they are judged against. */
public final class OverlapText {
    private OverlapText() {
    }

    public static String render(OverlapReport report) {
        OverlapPlan plan = report.plan();
        OverlapModel model = report.model();
        StringBuilder out = new StringBuilder();
        out.append(report.context().headline()).append('\n');
        out.append(String.format(Locale.ROOT,
                "%d floats (%d bytes), %d streams, block %d, kernel iterations %d, %s host memory, %d iterations after %d+ warm-up runs (200 ms at least)%n",
                plan.elements(), plan.bytes(), plan.streams(), plan.blockSize(), plan.kernelIterations(), plan.memory(),
                plan.iterations(), plan.warmup()));
        int engines = report.context().device().asyncEngines();
        out.append("copy engines: ").append(engines).append(engines >= 2
                ? " (H2D and D2H can run at the same time as each other and as kernels)\n"
                : " (H2D and D2H cannot overlap each other: overlap in both directions needs two)\n");
        TextTable table = TextTable.of(Column.left("schedule"), Column.right("median ms"), Column.right("min ms"),
                Column.right("max ms"), Column.right("GB/s"), Column.right("speedup"), Column.right("efficiency"),
                Column.right("max error"));
        for (OverlapResult r : report.results()) {
            table.addRow(r.schedule().label(), f3(r.milliseconds().median()), f3(r.milliseconds().min()),
                    f3(r.milliseconds().max()), String.format(Locale.ROOT, "%.2f", r.gigabytesPerSecond()),
                    r.speedup().isPresent() ? String.format(Locale.ROOT, "%.2fx", r.speedup().getAsDouble()) : "-",
                    String.format(Locale.ROOT, "%.0f%%", 100 * r.efficiency()),
                    String.format(Locale.ROOT, "%e", r.maxError()));
        }
        out.append(table.render());
        out.append(String.format(Locale.ROOT,
                "model: H2D %.3f ms + kernel %.3f ms + D2H %.3f ms = %.3f ms sequential; ideal with %d streams %.3f ms%n",
                model.h2dMs(), model.kernelMs(), model.d2hMs(), model.sequentialMs(), model.streams(), model.idealMs()));
        for (OverlapResult r : report.results()) {
            if (!r.withinTolerance()) {
                out.append(String.format(Locale.ROOT, "WRONG RESULT: %s max error %e above %.0e%n",
                        r.schedule(), r.maxError(), OverlapResult.TOLERANCE));
            }
        }
        return out.toString();
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
