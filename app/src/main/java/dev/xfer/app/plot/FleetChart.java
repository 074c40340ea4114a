package dev.xfer.app.plot;

import java.util.List;
import java.util.Locale;

/**
 * One row per GPU model and metric of {@code xfer fleet}, one dot per GPU at its difference from
 * its group's median in percent, so metrics of any unit share the axis; outliers (as fleet's
 * rule decided) are drawn as larger vermillion diamonds and named.
 */
public final class FleetChart {
    /** One GPU's value of one metric. */
    public record Dot(String host, int index, double value, boolean outlier) {
    }

    /** A GPU model's metric: its median and its GPUs. */
    public record Row(String model, String metric, String unit, boolean higherIsBetter, double median, List<Dot> dots) {
        public Row {
            dots = List.copyOf(dots);
        }

        double percent(Dot d) {
            return median == 0 ? 0 : (d.value() - median) / Math.abs(median) * 100;
        }
    }

    /** The narrowest label margin (900 units wide in all); it grows with the longest row label. */
    private static final double MIN_LEFT = 330;
    private static final double PLOT = 430;
    private static final double RIGHT_MARGIN = 140;
    private static final double LABEL_SIZE = 10;
    private static final double TOP = 40;
    private static final double ROW = 26;

    private FleetChart() {
    }

    public static String draw(String title, List<Row> rows, Caption caption) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a fleet chart needs at least one metric");
        }
        List<String> labels = rows.stream().map(FleetChart::label).toList();
        // Measured, not fixed: a long model and result name must fit left of the axis.
        double left = Math.max(MIN_LEFT, 10 + 8 + labels.stream().mapToDouble(l -> TextWidth.of(l, LABEL_SIZE)).max().orElse(0));
        double right = left + PLOT;
        double width = right + RIGHT_MARGIN;
        double bottom = TOP + rows.size() * ROW + 6;
        double height = bottom + 110;
        double reach = 1;
        for (Row r : rows) {
            for (Dot d : r.dots()) {
                reach = Math.max(reach, Math.abs(r.percent(d)));
            }
        }
        Axis x = Axis.linear(-reach, reach, left, right, "difference from the GPU model's median", "%", 8);
        Svg svg = new Svg(width, height, title);
        ChartParts.title(svg, title, 10);
        x.drawBottom(svg, bottom, TOP);
        double zero = x.at(0);
        svg.element("line", "class", "median", "x1", zero, "y1", TOP, "x2", zero, "y2", bottom, "stroke", "#000",
                "stroke-width", 1.5);
        double y = TOP;
        svg.open("g", "class", "rows");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double mid = y + ROW / 2;
            ChartParts.rowStart(svg, labels.get(i), left, right, mid, LABEL_SIZE);
            for (Dot d : r.dots()) {
                double px = x.at(r.percent(d));
                String tip = String.format(Locale.ROOT, "%s GPU %d: %.4g %s (%+.1f%%)%s", d.host(), d.index(), d.value(),
                        r.unit(), r.percent(d), d.outlier() ? ", outlier" : "");
                if (d.outlier()) {
                    Palette.marker(svg, 3, px, mid, "point outlier", tip);
                    svg.textElement("text", TextWidth.capped(d.host()) + " GPU " + d.index(), "class", "outlier-label", "x", px,
                            "y", mid - 7, "text-anchor", "middle", "font-size", 10, "fill", Palette.BAD);
                } else {
                    svg.open("circle", "class", "point", "cx", px, "cy", mid, "r", 4, "fill", Palette.H2D,
                            "fill-opacity", 0.8, "stroke", "#000", "stroke-width", 0.5);
                    svg.textElement("title", tip);
                    svg.close();
                }
            }
            y += ROW;
        }
        svg.close();
        new Legend().fill("a GPU", Palette.H2D, 1)
                .series("an outlier by fleet's rule", 3)
                .line("the model's median", "#000", "")
                .draw(svg, left, bottom + 44);
        caption.draw(svg, 10, height - 10);
        return svg.finish();
    }

    /** A row's label: model, result and median, each document part capped. */
    static String label(Row r) {
        return String.format(Locale.ROOT, "%s · %s (median %.4g %s%s)", TextWidth.capped(r.model()), TextWidth.capped(r.metric()),
                r.median(), TextWidth.capped(r.unit()), r.higherIsBetter() ? ", higher is better" : ", lower is better");
    }
}
