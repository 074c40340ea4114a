package dev.xfer.app.plot;

import java.util.ArrayList;
import java.util.List;

/** A chart's key: one row per entry, each with a swatch drawn as the chart draws that thing. */
final class Legend {
    private sealed interface Swatch permits Series, Fill, Line {
    }

    private record Series(int index) implements Swatch {
    }

    private record Fill(String fill, double opacity) implements Swatch {
    }

    private record Line(String colour, String dash) implements Swatch {
    }

    private record Entry(String label, Swatch swatch) {
    }

    private final List<Entry> entries = new ArrayList<>();

    /** A series: its line, dash pattern and marker. */
    Legend series(String label, int index) {
        entries.add(new Entry(label, new Series(index)));
        return this;
    }

    /** A filled area or bar: {@code fill} a colour or a pattern's url. */
    Legend fill(String label, String fill, double opacity) {
        entries.add(new Entry(label, new Fill(fill, opacity)));
        return this;
    }

    Legend line(String label, String colour, String dash) {
        entries.add(new Entry(label, new Line(colour, dash)));
        return this;
    }

    static final double ROW = 18;

    double height() {
        return entries.size() * ROW + 6;
    }

    void draw(Svg svg, double x, double y) {
        svg.open("g", "class", "legend");
        double row = y;
        for (Entry e : entries) {
            double mid = row + ROW / 2;
            switch (e.swatch()) {
                case Series s -> {
                    svg.element("line", "x1", x, "y1", mid, "x2", x + 28, "y2", mid, "stroke", Palette.colour(s.index()),
                            "stroke-width", 2, "stroke-dasharray", blank(Palette.dash(s.index())));
                    Palette.marker(svg, s.index(), x + 14, mid, "legend-marker", e.label());
                }
                case Fill f -> svg.element("rect", "x", x + 4, "y", mid - 6, "width", 20, "height", 12, "fill", f.fill(),
                        "fill-opacity", f.opacity() < 1 ? f.opacity() : null, "stroke", "#333", "stroke-width", 0.5);
                case Line l -> svg.element("line", "x1", x, "y1", mid, "x2", x + 28, "y2", mid, "stroke", l.colour(),
                        "stroke-width", 2, "stroke-dasharray", blank(l.dash()));
            }
            svg.textElement("text", e.label(), "x", x + 36, "y", mid + 4);
            row += ROW;
        }
        svg.close();
    }

    private static String blank(String dash) {
        return dash.isEmpty() ? null : dash;
    }
}
