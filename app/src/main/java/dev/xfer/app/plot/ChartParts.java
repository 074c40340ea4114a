package dev.xfer.app.plot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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

    /**
     * Where a line of text stands, as {@link TextWidth} estimates it (wide) and a sans-serif font
     * lays it out: from its ascent above the baseline to its descent below.
     */
    record Box(double left, double top, double right, double bottom) {
        /** A text of {@code fontSize} at baseline {@code y}: starting at {@code x}, or ending there when {@code end}. */
        static Box text(String text, double x, double y, double fontSize, boolean end) {
            double width = TextWidth.of(text, fontSize);
            double left = end ? x - width : x;
            return new Box(left, y - 0.95 * fontSize, left + width, y + 0.3 * fontSize);
        }
    }

    /** The margin a line keeps from a text it passes. */
    static final double CLEARANCE = 2;

    /**
     * A vertical dashed line at {@code x} from {@code top} to {@code bottom}, broken where it would
     * cross one of {@code texts} (a value label beside a bar, a panel's title): a reference line
     * must not strike through what a reader has to read.
     */
    static void verticalLineAvoiding(Svg svg, String cssClass, double x, double top, double bottom, List<Box> texts,
                                     Object... style) {
        List<Box> crossed = new ArrayList<>(texts.stream()
                .filter(b -> b.left() - CLEARANCE <= x && x <= b.right() + CLEARANCE)
                .filter(b -> b.bottom() + CLEARANCE >= top && b.top() - CLEARANCE <= bottom)
                .toList());
        crossed.sort(Comparator.comparingDouble(Box::top));
        double from = top;
        for (Box b : crossed) {
            double to = b.top() - CLEARANCE;
            if (to > from) {
                segment(svg, cssClass, x, from, to, style);
            }
            from = Math.max(from, b.bottom() + CLEARANCE);
        }
        if (bottom > from) {
            segment(svg, cssClass, x, from, bottom, style);
        }
    }

    private static void segment(Svg svg, String cssClass, double x, double y1, double y2, Object... style) {
        Object[] attributes = new Object[10 + style.length];
        Object[] head = {"class", cssClass, "x1", x, "y1", y1, "x2", x, "y2", y2};
        System.arraycopy(head, 0, attributes, 0, head.length);
        System.arraycopy(style, 0, attributes, head.length, style.length);
        svg.element("line", attributes);
    }
}
