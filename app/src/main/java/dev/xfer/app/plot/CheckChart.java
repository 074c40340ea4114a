package dev.xfer.app.plot;

import java.util.List;
import java.util.Locale;

/**
 * Wrong trials per scenario of {@code xfer check}: one bar each, coloured by verdict, with the
 * count written beside it, so a zero is as plain as a race.
 */
public final class CheckChart {
    /** A scenario's tally. */
    public record Row(String scenario, boolean synchronizedCopy, long trials, long wrongTrials, String verdict) {
    }

    static final double WIDTH = 820;
    private static final double LEFT = 170;
    private static final double RIGHT = 560;
    private static final double TOP = 40;
    private static final double ROW = 26;

    private CheckChart() {
    }

    public static String draw(String id, String title, List<Row> rows, Caption caption) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a check chart needs at least one scenario");
        }
        double bottom = TOP + rows.size() * ROW + 6;
        double height = bottom + 110;
        long trials = rows.stream().mapToLong(Row::trials).max().orElse(1);
        Axis x = Axis.linear(0, Math.max(1, trials), LEFT, RIGHT, "trials that read wrong data", "count", 5);
        Svg svg = new Svg(WIDTH, height, title);
        ChartParts.hatch(svg, id + "-race", Palette.BAD);
        ChartParts.title(svg, title, 10);
        x.drawBottom(svg, bottom, TOP);
        double y = TOP;
        svg.open("g", "class", "bars");
        for (Row r : rows) {
            svg.textElement("text", r.scenario() + (r.synchronizedCopy() ? "" : " (no sync)"), "class", "row-label",
                    "x", LEFT - 8, "y", y + ROW / 2 + 4, "text-anchor", "end");
            boolean wrong = r.wrongTrials() > 0;
            svg.open("rect", "class", "bar", "x", LEFT, "y", y + 5, "width", x.at(r.wrongTrials()) - LEFT,
                    "height", ROW - 10, "fill", wrong ? "url(#" + id + "-race)" : Palette.GOOD, "stroke", "#222",
                    "stroke-width", 0.5);
            svg.textElement("title", String.format(Locale.ROOT, "%s: %d of %d trials wrong, %s", r.scenario(),
                    r.wrongTrials(), r.trials(), r.verdict()));
            svg.close();
            svg.textElement("text", String.format(Locale.ROOT, "%d of %d wrong · %s", r.wrongTrials(), r.trials(),
                    r.verdict()), "class", "value", "x", x.at(r.wrongTrials()) + 6, "y", y + ROW / 2 + 4, "font-size", 11);
            y += ROW;
        }
        svg.close();
        new Legend().fill("some trials read wrong data", "url(#" + id + "-race)", 1)
                .fill("no wrong trial", Palette.GOOD, 1)
                .draw(svg, LEFT, bottom + 44);
        caption.draw(svg, 10, height - 10);
        return svg.finish();
    }
}
