package dev.xfer.app.plot;

import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * GB/s against transfer size on a log2 axis: one line per memory kind and direction, a marker
 * per measured size, the min..max spread of the repetitions as a band, the link's theoretical
 * rate and the best measured median as horizontal lines.
 */
public final class BandwidthChart {
    /** One measured configuration: median, min and max GB/s. */
    public record Point(String memory, String direction, long bytes, double median, double min, double max) {
        String series() {
            return memory + " " + direction;
        }
    }

    static final double WIDTH = 820;
    static final double HEIGHT = 440;
    private static final double LEFT = 70;
    private static final double RIGHT = 580;
    private static final double TOP = 40;
    private static final double BOTTOM = 370;

    private BandwidthChart() {
    }

    /**
     * @param link the link's theoretical per-direction rate in GB/s; empty when unknown (or for
     *             copies that stay on the device, where it does not apply)
     */
    public static String draw(String title, List<Point> points, OptionalDouble link, Caption caption) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a bandwidth chart needs at least one point");
        }
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (Point p : points) {
            series.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(p);
        }
        series.values().forEach(s -> s.sort(Comparator.comparingLong(Point::bytes)));
        Point best = points.stream().max(Comparator.comparingDouble(Point::median)).orElseThrow();
        double top = Math.max(points.stream().mapToDouble(Point::max).max().orElse(0), link.orElse(0)) * 1.08;
        Axis x = Axis.log2Bytes(points.stream().mapToLong(Point::bytes).min().orElseThrow(),
                points.stream().mapToLong(Point::bytes).max().orElseThrow(), LEFT, RIGHT, "transfer size");
        Axis y = Axis.linear(0, top, BOTTOM, TOP, "bandwidth", "GB/s, 1e9 bytes per second", 6);

        Svg svg = new Svg(WIDTH, HEIGHT, title);
        ChartParts.title(svg, title, LEFT);
        y.drawLeft(svg, LEFT, RIGHT);
        x.drawBottom(svg, BOTTOM, TOP);
        Legend legend = new Legend();
        int index = 0;
        svg.open("g", "class", "series-group");
        for (Map.Entry<String, List<Point>> e : series.entrySet()) {
            List<Point> ps = e.getValue();
            String colour = Palette.colour(index);
            StringBuilder band = new StringBuilder();
            for (Point p : ps) {
                band.append(band.isEmpty() ? "" : " ").append(Svg.number(x.at(p.bytes()))).append(',').append(Svg.number(y.at(p.max())));
            }
            for (Point p : ps.reversed()) {
                band.append(' ').append(Svg.number(x.at(p.bytes()))).append(',').append(Svg.number(y.at(p.min())));
            }
            svg.element("polygon", "class", "spread", "points", band.toString(), "fill", colour, "fill-opacity", 0.18,
                    "stroke", colour, "stroke-opacity", 0.4, "stroke-width", 0.5);
            StringBuilder line = new StringBuilder();
            for (Point p : ps) {
                line.append(line.isEmpty() ? "" : " ").append(Svg.number(x.at(p.bytes()))).append(',').append(Svg.number(y.at(p.median())));
            }
            String dash = Palette.dash(index);
            svg.element("polyline", "class", "series", "points", line.toString(), "fill", "none", "stroke", colour,
                    "stroke-width", 2, "stroke-dasharray", dash.isEmpty() ? null : dash);
            for (Point p : ps) {
                Palette.marker(svg, index, x.at(p.bytes()), y.at(p.median()), "point",
                        String.format(Locale.ROOT, "%s %s: median %.2f GB/s (min %.2f, max %.2f)", e.getKey(),
                                ByteSize.ofBytes(p.bytes()).format(), p.median(), p.min(), p.max()));
            }
            legend.series(e.getKey(), index);
            index++;
        }
        svg.close();
        legend.fill("min..max of the repetitions", Palette.colour(0), 0.18);
        if (link.isPresent()) {
            double ly = y.at(link.getAsDouble());
            svg.element("line", "class", "link", "x1", LEFT, "y1", ly, "x2", RIGHT, "y2", ly, "stroke", "#000",
                    "stroke-width", 1.5, "stroke-dasharray", "8 4");
            svg.textElement("text", String.format(Locale.ROOT, "link %.1f GB/s", link.getAsDouble()), "x", RIGHT - 4,
                    "y", ly - 5, "text-anchor", "end", "font-size", 11);
            legend.line("link, theoretical per direction", "#000", "8 4");
        }
        double by = y.at(best.median());
        svg.element("line", "class", "best", "x1", LEFT, "y1", by, "x2", RIGHT, "y2", by, "stroke", "#555",
                "stroke-width", 1.5, "stroke-dasharray", "2 3");
        svg.textElement("text", String.format(Locale.ROOT, "best %.1f GB/s (%s %s)", best.median(), best.series(),
                        ByteSize.ofBytes(best.bytes()).format()), "x", LEFT + 6, "y", by - 5, "font-size", 11);
        legend.line("best measured median", "#555", "2 3");
        legend.draw(svg, RIGHT + 20, TOP);
        caption.draw(svg, 10, HEIGHT - 10);
        return svg.finish();
    }
}
