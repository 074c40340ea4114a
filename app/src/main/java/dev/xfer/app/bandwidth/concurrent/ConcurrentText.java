package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The GPUs copying at once ({@code --concurrent}) as text: a table of each GPU's rate and their aggregate. */
public final class ConcurrentText {
    private ConcurrentText() {
    }

    /**
     * All GPUs at once: one row per GPU and an {@code all} row per configuration, next to what
     * each GPU (and their sum) reached alone ({@code alone}).
     * <pre>
     * all 2 GPUs at once (devices 0, 1): pinned memory, each iteration started together on every GPU
     * direction     bytes  device  median GB/s  min GB/s  max GB/s  % link  alone GB/s  % alone  data
     * ---------  --------  ------  -----------  --------  --------  ------  ----------  -------  ----
     * h2d        16777216       0        27.10     26.50     27.80    43.0       52.63     51.5  ok
     * h2d        16777216       1        27.05     26.40     27.70    42.9       52.60     51.4  ok
     * h2d        16777216     all        53.90     52.80     55.10       -      105.23     51.2  ok
     * </pre>
     */
    public static String render(List<Integer> indices, List<ConcurrentResult> results, AloneRates alone) {
        String title = String.format(Locale.ROOT,
                "all %d GPUs at once (devices %s): pinned memory, each iteration started together on every GPU",
                indices.size(), String.join(", ", indices.stream().map(String::valueOf).toList()));
        TextTable table = new TextTable(title, List.of(Column.left("direction"), Column.right("bytes"),
                Column.right("device"), Column.right("median GB/s"), Column.right("min GB/s"), Column.right("max GB/s"),
                Column.right("% link"), Column.right("alone GB/s"), Column.right("% alone"), Column.left("data")));
        for (ConcurrentResult c : results) {
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                OptionalDouble aloneMedian = alone.median(g.device(), c.memory(), c.direction(), c.bytes());
                if (!(g.gigabytesPerSecond() instanceof Summary rates)) {
                    table.addRow(c.direction(), Long.toString(c.bytes()), Integer.toString(g.device()), "-", "-", "-",
                            "-", orDash(aloneMedian, ConcurrentText::f2), "-", "not measured");
                    continue;
                }
                table.addRow(c.direction(), Long.toString(c.bytes()), Integer.toString(g.device()),
                        f2(rates.median()), f2(rates.min()), f2(rates.max()), orDash(g.percentOfLink(), ConcurrentText::f1),
                        orDash(aloneMedian, ConcurrentText::f2),
                        orDash(percent(rates.median(), aloneMedian), ConcurrentText::f1),
                        g.verified() ? "ok" : "WRONG");
            }
            table.addRow(c.direction(), Long.toString(c.bytes()), "all", f2(c.aggregateGbps().median()),
                    f2(c.aggregateGbps().min()), f2(c.aggregateGbps().max()), "-",
                    orDash(c.aloneGbpsSum(), ConcurrentText::f2),
                    orDash(percent(c.aggregateGbps().median(), c.aloneGbpsSum()), ConcurrentText::f1),
                    c.verified() ? "ok" : "WRONG");
        }
        return table.render()
                + "each GPU: its own copy by the timer; all: every GPU's bytes over the earliest start to the latest end"
                + " (host clock)\n"
                + "alone: the same copy with the GPU by itself (the runs above); % alone: at once / alone, the share"
                + " left when they copy together\n" + failed(results);
    }

    /** One FAILED line for each GPU's share whose timer gave no time, with why. */
    private static String failed(List<ConcurrentResult> results) {
        StringBuilder out = new StringBuilder();
        for (ConcurrentResult c : results) {
            for (ConcurrentResult.NotMeasured u : c.unmeasured()) {
                out.append("FAILED: ").append(UnmeasuredRow.words(u.configuration(), u.reason())).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code part} as a percentage of {@code whole}, when there is a whole. */
    private static OptionalDouble percent(double part, OptionalDouble whole) {
        return whole.isPresent() && whole.getAsDouble() > 0 ? OptionalDouble.of(100 * part / whole.getAsDouble())
                : OptionalDouble.empty();
    }

    private static String orDash(OptionalDouble value, java.util.function.DoubleFunction<String> format) {
        return value.isPresent() ? format.apply(value.getAsDouble()) : "-";
    }

    private static String f2(double v) {
        return Decimals.fixed(v, 2);
    }

    private static String f1(double v) {
        return Decimals.fixed(v, 1);
    }
}
