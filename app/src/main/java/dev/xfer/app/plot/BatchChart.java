package dev.xfer.app.plot;

import java.util.List;
import java.util.Locale;

/**
 * One row per batch strategy, two panels: the median time of the whole batch (whisker min..max)
 * and its GB/s. The first strategy is the baseline the others are compared to
 * ({@code timeVsFirst}): a dashed line in both panels.
 */
public final class BatchChart {
    /** A strategy's outcome; an unavailable one (e.g. no pinned memory) has no bars. */
    public record Bar(String strategy, boolean available, double medianMs, double minMs, double maxMs, double gbps) {
    }

    static final double WIDTH = 900;
    private static final double LABELS = 170;
    private static final double PANEL = 300;
    private static final double SPACE = 50;
    private static final double TOP = 60;
    private static final double ROW = 24;

    private BatchChart() {
    }

    /** A bar's figure after its end, or inside it (white on the bar) where the panel has no room. */
    /** A bar's value, after its end or (no room there) inside it; where it stands, so the baseline can keep off it. */
    private static ChartParts.Box value(Svg svg, String text, double barEnd, double after, double panelEnd, double mid) {
        if (after + 6.5 * text.length() <= panelEnd) {
            svg.textElement("text", text, "class", "value", "x", after, "y", mid + 4, "font-size", 10);
            return ChartParts.Box.text(text, after, mid + 4, 10, false);
        }
        svg.textElement("text", text, "class", "value", "x", barEnd - 4, "y", mid + 4, "font-size", 10,
                "text-anchor", "end", "fill", "#fff");
        return ChartParts.Box.text(text, barEnd - 4, mid + 4, 10, true);
    }

    public static String draw(String title, List<Bar> bars, String subtitle, Caption caption) {
        if (bars.isEmpty()) {
            throw new IllegalArgumentException("a batch chart needs at least one strategy");
        }
        double bottom = TOP + bars.size() * ROW + 6;
        double height = bottom + 64 + 6 * Legend.ROW + 24;
        List<Bar> measured = bars.stream().filter(Bar::available).toList();
        double maxMs = measured.stream().mapToDouble(Bar::maxMs).max().orElse(1);
        double maxGbps = measured.stream().mapToDouble(Bar::gbps).max().orElse(1);
        double timeLeft = LABELS;
        double rateLeft = LABELS + PANEL + SPACE;
        Axis time = Axis.linear(0, maxMs, timeLeft, timeLeft + PANEL, "time for the batch, median", "ms", 5);
        Axis rate = Axis.linear(0, maxGbps, rateLeft, rateLeft + PANEL, "bandwidth", "GB/s", 5);
        Svg svg = new Svg(WIDTH, height, title);
        ChartParts.title(svg, title, 10);
        svg.textElement("text", subtitle, "x", 10, "y", 42, "font-size", 11, "fill", "#333");
        time.drawBottom(svg, bottom, TOP);
        rate.drawBottom(svg, bottom, TOP);
        Bar baseline = measured.isEmpty() ? null : measured.getFirst();
        List<ChartParts.Box> labels = new java.util.ArrayList<>();
        double y = TOP;
        svg.open("g", "class", "bars");
        for (Bar b : bars) {
            svg.textElement("text", b.strategy(), "class", "row-label", "x", LABELS - 8, "y", y + ROW / 2 + 4,
                    "text-anchor", "end");
            if (!b.available()) {
                svg.textElement("text", "not available here", "class", "unavailable", "x", timeLeft + 6,
                        "y", y + ROW / 2 + 4, "font-style", "italic", "fill", "#555");
            } else {
                boolean isBaseline = b == baseline;
                String fill = isBaseline ? Palette.colour(6) : Palette.H2D;
                svg.open("rect", "class", "bar time", "x", timeLeft, "y", y + 4, "width", time.at(b.medianMs()) - timeLeft,
                        "height", ROW - 8, "fill", fill);
                svg.textElement("title", String.format(Locale.ROOT, "%s: median %.3f ms (min %.3f, max %.3f)",
                        b.strategy(), b.medianMs(), b.minMs(), b.maxMs()));
                svg.close();
                double mid = y + ROW / 2;
                svg.element("line", "class", "whisker", "x1", time.at(b.minMs()), "y1", mid, "x2", time.at(b.maxMs()),
                        "y2", mid, "stroke", "#000", "stroke-width", 1.2);
                labels.add(value(svg, String.format(Locale.ROOT, "%.3g ms", b.medianMs()), time.at(b.medianMs()),
                        time.at(b.maxMs()) + 4, timeLeft + PANEL, mid));
                svg.open("rect", "class", "bar rate", "x", rateLeft, "y", y + 4, "width", rate.at(b.gbps()) - rateLeft,
                        "height", ROW - 8, "fill", isBaseline ? Palette.colour(6) : Palette.KERNEL);
                svg.textElement("title", String.format(Locale.ROOT, "%s: %.3f GB/s", b.strategy(), b.gbps()));
                svg.close();
                labels.add(value(svg, String.format(Locale.ROOT, "%.3g", b.gbps()), rate.at(b.gbps()), rate.at(b.gbps()) + 4,
                        rateLeft + PANEL, mid));
            }
            y += ROW;
        }
        svg.close();
        Legend legend = new Legend()
                .fill("median time", Palette.H2D, 1)
                .line("min..max of the repetitions", "#000", "")
                .fill("GB/s of the median", Palette.KERNEL, 1);
        if (baseline != null) {
            // Broken where a value label stands on it (a bar just short of the baseline puts its
            // "8.21 ms" across the line otherwise).
            ChartParts.verticalLineAvoiding(svg, "baseline", time.at(baseline.medianMs()), TOP - 6, bottom, labels,
                    "stroke", "#000", "stroke-width", 1.5, "stroke-dasharray", "5 3");
            ChartParts.verticalLineAvoiding(svg, "baseline", rate.at(baseline.gbps()), TOP - 6, bottom, labels,
                    "stroke", "#000", "stroke-width", 1.5, "stroke-dasharray", "5 3");
            legend.fill("baseline: " + baseline.strategy() + " (first strategy)", Palette.colour(6), 1)
                    .line("baseline's time and GB/s", "#000", "5 3");
        }
        legend.draw(svg, LABELS, bottom + 44);
        caption.draw(svg, 10, height - 10);
        return svg.finish();
    }
}
