package dev.xfer.app.plot;

import java.util.List;
import java.util.Locale;

/**
 * {@code xfer compare}: one row per result and GPU, a dot at the current run's change from the
 * baseline in percent, over a grey band of the noise the comparison judged it against (a dot
 * outside its band is beyond noise). Worse beyond noise is vermillion, better blue; a regression
 * beyond {@code --fail-on-regression} is a larger diamond, named. Times and rates share the axis
 * as the documents give them: a time's rise and a rate's fall are both worse.
 */
public final class CompareChart {
    /**
     * One compared result.
     *
     * @param noise  the noise as a fraction of the baseline; NaN when the documents did not say
     * @param change (current - baseline) / baseline
     */
    public record Row(String gpu, String name, String unit, boolean higherIsBetter, double baseline, double current,
                      double change, double noise, boolean worse, boolean better, boolean failed) {
    }

    private static final double MIN_LEFT = 300;
    private static final double PLOT = 430;
    private static final double RIGHT_MARGIN = 150;
    private static final double LABEL_SIZE = 10;
    private static final double TOP = 40;
    private static final double ROW = 26;

    private CompareChart() {
    }

    public static String draw(String title, List<Row> rows, double threshold, Caption caption) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a compare chart needs at least one result");
        }
        List<String> labels = rows.stream().map(CompareChart::label).toList();
        double left = Math.max(MIN_LEFT, 18 + labels.stream().mapToDouble(l -> TextWidth.of(l, LABEL_SIZE)).max().orElse(0));
        double right = left + PLOT;
        double bottom = TOP + rows.size() * ROW + 6;
        Legend legend = new Legend().fill("the noise band: changes inside it are noise", "#bbb", 0.6)
                .fill("worse beyond noise", Palette.BAD, 1)
                .fill("better beyond noise", Palette.H2D, 1)
                .series("a regression beyond --fail-on-regression", 3);
        if (Double.isFinite(threshold)) {
            legend.line(String.format(Locale.ROOT, "--fail-on-regression %.3g%% (on the worse side)", threshold * 100),
                    Palette.BAD, "2 2");
        }
        double height = bottom + 44 + legend.height() + 30;
        double reach = Double.isFinite(threshold) ? Math.max(1, threshold * 100 * 1.2) : 1;
        for (Row r : rows) {
            reach = Math.max(reach, Math.abs(r.change() * 100));
            if (Double.isFinite(r.noise())) {
                reach = Math.max(reach, r.noise() * 100);
            }
        }
        Axis x = Axis.linear(-reach, reach, left, right, "change from the baseline", "%", 8);
        Svg svg = new Svg(right + RIGHT_MARGIN, height, title);
        ChartParts.title(svg, title, 10);
        x.drawBottom(svg, bottom, TOP);
        svg.element("line", "class", "baseline", "x1", x.at(0), "y1", TOP, "x2", x.at(0), "y2", bottom, "stroke", "#000",
                "stroke-width", 1.5);
        double y = TOP;
        svg.open("g", "class", "rows");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double mid = y + ROW / 2;
            ChartParts.rowStart(svg, labels.get(i), left, right, mid, LABEL_SIZE);
            if (Double.isFinite(r.noise())) {
                double half = Math.min(r.noise() * 100, reach);
                svg.element("rect", "class", "noise", "x", x.at(-half), "y", mid - 7, "width", Math.max(0.5, x.at(half) - x.at(-half)),
                        "height", 14, "fill", "#bbb", "fill-opacity", 0.6);
            }
            if (Double.isFinite(threshold)) {
                // The gate sits on the worse side: a rise for times, a fall for rates.
                double gate = (r.higherIsBetter() ? -threshold : threshold) * 100;
                double gx = x.at(Math.max(-reach, Math.min(reach, gate)));
                svg.element("line", "class", "threshold", "x1", gx, "y1", mid - 9, "x2", gx, "y2", mid + 9, "stroke", Palette.BAD,
                        "stroke-width", 1, "stroke-dasharray", "2 2");
            }
            double px = x.at(r.change() * 100);
            String tip = String.format(Locale.ROOT, "%s %s: %.4g -> %.4g %s (%+.1f%%, noise %s)%s", r.gpu(), r.name(),
                    r.baseline(), r.current(), r.unit(), r.change() * 100,
                    Double.isFinite(r.noise()) ? String.format(Locale.ROOT, "±%.2g%%", r.noise() * 100) : "unknown",
                    r.failed() ? ", REGRESSION" : r.worse() ? ", worse beyond noise" : r.better() ? ", better beyond noise" : "");
            if (r.failed()) {
                Palette.marker(svg, 3, px, mid, "point regression", tip);
                svg.textElement("text", "REGRESSION", "class", "regression-label", "x", px, "y", mid - 8, "text-anchor",
                        "middle", "font-size", 9, "fill", Palette.BAD);
            } else {
                String fill = r.worse() ? Palette.BAD : r.better() ? Palette.H2D : "#fff";
                svg.open("circle", "class", r.worse() ? "point worse" : r.better() ? "point better" : "point same",
                        "cx", px, "cy", mid, "r", 4, "fill", fill, "stroke", "#000", "stroke-width", 0.8);
                svg.textElement("title", tip);
                svg.close();
            }
            y += ROW;
        }
        svg.close();
        legend.draw(svg, left, bottom + 44);
        caption.draw(svg, 10, height - 10);
        return svg.finish();
    }

    /** A row's label: the GPU and the result, each capped. */
    static String label(Row r) {
        return TextWidth.capped(r.gpu()) + " · " + TextWidth.capped(r.name()) + " (" + TextWidth.capped(r.unit())
                + (r.higherIsBetter() ? ", higher is better)" : ", lower is better)");
    }
}
