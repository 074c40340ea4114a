package dev.xfer.app.plot;

import java.util.List;

/**
 * Colours, dash patterns and marker shapes. The colours are Okabe and Ito's palette, told apart
 * by the common colour blindnesses; each series also gets its own dash pattern and marker shape,
 * so a greyscale print still tells them apart.
 */
public final class Palette {
    /** Okabe-Ito, black first left out (it is the axes' colour), yellow last (faint on white). */
    public static final List<String> COLOURS = List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
            "#56B4E9", "#000000", "#F0E442");
    /** Solid, dashed, dotted, dash-dot, long dash, ... */
    public static final List<String> DASHES = List.of("", "6 3", "2 3", "8 3 2 3", "12 4", "4 2 1 2", "1 1", "10 2");
    public static final List<String> SHAPES = List.of("circle", "square", "triangle", "diamond", "down", "cross",
            "circle", "square");

    /** H2D copies, kernels, D2H copies: blue (dark), orange (light), vermillion striped. */
    public static final String H2D = "#0072B2";
    public static final String KERNEL = "#E69F00";
    public static final String D2H = "#D55E00";
    public static final String GOOD = "#009E73";
    public static final String BAD = "#D55E00";
    public static final String NEUTRAL = "#56B4E9";

    private Palette() {
    }

    public static String colour(int series) {
        return COLOURS.get(series % COLOURS.size());
    }

    public static String dash(int series) {
        return DASHES.get(series % DASHES.size());
    }

    /** Draws marker {@code series} centred on x, y: one element, of class {@code cls}. */
    public static void marker(Svg svg, int series, double x, double y, String cls, String title) {
        String colour = colour(series);
        double r = 4;
        String shape = SHAPES.get(series % SHAPES.size());
        Object[] common = {"class", cls, "fill", colour, "stroke", "#000", "stroke-width", 0.5};
        switch (shape) {
            case "circle" -> svg.open("circle", concat(common, "cx", x, "cy", y, "r", r));
            case "square" -> svg.open("rect", concat(common, "x", x - r, "y", y - r, "width", 2 * r, "height", 2 * r));
            default -> svg.open("path", concat(common, "d", path(shape, x, y, r + 1)));
        }
        svg.textElement("title", title);
        svg.close();
    }

    private static String path(String shape, double x, double y, double r) {
        String[][] points = switch (shape) {
            case "triangle" -> new String[][]{{Svg.number(x), Svg.number(y - r)}, {Svg.number(x + r), Svg.number(y + r)},
                    {Svg.number(x - r), Svg.number(y + r)}};
            case "down" -> new String[][]{{Svg.number(x), Svg.number(y + r)}, {Svg.number(x + r), Svg.number(y - r)},
                    {Svg.number(x - r), Svg.number(y - r)}};
            case "diamond" -> new String[][]{{Svg.number(x), Svg.number(y - r)}, {Svg.number(x + r), Svg.number(y)},
                    {Svg.number(x), Svg.number(y + r)}, {Svg.number(x - r), Svg.number(y)}};
            default -> { // cross: a plus sign drawn as one outline
                double a = r / 3;
                yield new String[][]{{Svg.number(x - a), Svg.number(y - r)}, {Svg.number(x + a), Svg.number(y - r)},
                        {Svg.number(x + a), Svg.number(y - a)}, {Svg.number(x + r), Svg.number(y - a)},
                        {Svg.number(x + r), Svg.number(y + a)}, {Svg.number(x + a), Svg.number(y + a)},
                        {Svg.number(x + a), Svg.number(y + r)}, {Svg.number(x - a), Svg.number(y + r)},
                        {Svg.number(x - a), Svg.number(y + a)}, {Svg.number(x - r), Svg.number(y + a)},
                        {Svg.number(x - r), Svg.number(y - a)}, {Svg.number(x - a), Svg.number(y - a)}};
            }
        };
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < points.length; i++) {
            d.append(i == 0 ? "M" : " L").append(points[i][0]).append(' ').append(points[i][1]);
        }
        return d.append(" Z").toString();
    }

    static Object[] concat(Object[] a, Object... b) {
        Object[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
