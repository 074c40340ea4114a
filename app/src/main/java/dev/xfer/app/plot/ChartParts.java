package dev.xfer.app.plot;

/** Pieces every chart draws the same way, so the charts of one report look alike. */
final class ChartParts {
    private ChartParts() {
    }

    /** The chart's title, top left, from {@code x}. */
    static void title(Svg svg, String title, double x) {
        svg.textElement("text", title, "class", "chart-title", "x", x, "y", 22, "font-size", 15, "font-weight", "bold");
    }

    /**
     * A hatch of white diagonal lines over {@code fill}, as {@code url(#id)}: it tells a mark apart
     * from one of a plain colour in greyscale print and for colour-blind readers.
     */
    static void hatch(Svg svg, String id, String fill) {
        svg.open("defs");
        svg.open("pattern", "id", id, "patternUnits", "userSpaceOnUse", "width", 6, "height", 6,
                "patternTransform", "rotate(45)");
        svg.element("rect", "width", 6, "height", 6, "fill", fill);
        svg.element("line", "x1", 0, "y1", 0, "x2", 0, "y2", 6, "stroke", "#fff", "stroke-width", 2.5);
        svg.close();
        svg.close();
    }

    /**
     * A row of a chart with one row per result (fleet, compare): its label right-aligned before
     * {@code left}, and a light rule from {@code left} to {@code right} at the row's middle.
     */
    static void rowStart(Svg svg, String label, double left, double right, double mid, double labelSize) {
        svg.textElement("text", label, "class", "row-label", "x", left - 8, "y", mid + 4, "text-anchor", "end",
                "font-size", labelSize);
        svg.element("line", "x1", left, "y1", mid, "x2", right, "y2", mid, "stroke", "#eee", "stroke-width", 1);
    }
}
