package dev.xfer.app.plot;

import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;

/**
 * One axis of a chart: maps values to pixels, linearly or on a log2 scale, and draws itself
 * with ticks, grid lines, tick labels and its title with the unit.
 */
public final class Axis {
    /** A tick: where, and what it says. */
    public record Tick(double value, String label) {
    }

    private final boolean log2;
    private final double lo;
    private final double hi;
    private final double from;
    private final double to;
    private final String title;
    private final List<Tick> ticks;

    private Axis(boolean log2, double lo, double hi, double from, double to, String title, List<Tick> ticks) {
        this.log2 = log2;
        this.lo = lo;
        this.hi = hi;
        this.from = from;
        this.to = to;
        this.title = title;
        this.ticks = List.copyOf(ticks);
    }

    /**
     * A linear axis from 0 (or below, for negative data) to a round number at or above {@code max}, with about
     * {@code about} ticks at 1, 2 or 5 times a power of ten.
     *
     * @param from pixel of the low end; {@code to} pixel of the high end (smaller than from for a y axis)
     * @param unit shown after the title in parentheses
     */
    public static Axis linear(double min, double max, double from, double to, String title, String unit, int about) {
        double lo = Math.min(0, min);
        double hi = Math.max(max, lo);
        if (!(hi > lo)) {
            hi = lo + 1;
        }
        double step = niceStep((hi - lo) / Math.max(1, about));
        lo = Math.floor(lo / step) * step;
        hi = Math.ceil(hi / step - 1e-9) * step;
        List<Tick> ticks = new ArrayList<>();
        for (long i = Math.round(lo / step); i * step <= hi + step * 1e-9; i++) {
            double v = i * step;
            ticks.add(new Tick(v, Svg.number(Math.abs(v) < step * 1e-9 ? 0 : v)));
        }
        return new Axis(false, lo, hi, from, to, title + " (" + unit + ")", ticks);
    }

    /**
     * A log2 axis over byte sizes: ends at the powers of two around {@code min} and {@code max}
     * (one more each side when they are the same), ticks at powers of two, labelled like sizes
     * are written ({@code 4KiB}), every second or fourth one when there are many.
     */
    public static Axis log2Bytes(long min, long max, double from, double to, String title) {
        int lo = 63 - Long.numberOfLeadingZeros(Math.max(1, min));
        int hi = 64 - Long.numberOfLeadingZeros(Math.max(1, max) - 1);
        if (hi <= lo) {
            lo = Math.max(0, lo - 1);
            hi = lo + 2;
        }
        int every = hi - lo <= 12 ? 1 : hi - lo <= 24 ? 2 : 4;
        List<Tick> ticks = new ArrayList<>();
        for (int p = lo; p <= hi; p++) {
            if ((p - lo) % every == 0) {
                ticks.add(new Tick(Math.pow(2, p), ByteSize.ofBytes(1L << Math.min(p, 62)).format()));
            }
        }
        return new Axis(true, Math.pow(2, lo), Math.pow(2, hi), from, to, title + " (bytes, log2 scale)", ticks);
    }

    /** The pixel of {@code value}; outside the range it extrapolates. */
    public double at(double value) {
        double t = log2 ? (log(value) - log(lo)) / (log(hi) - log(lo)) : (value - lo) / (hi - lo);
        return from + t * (to - from);
    }

    private static double log(double v) {
        return Math.log(Math.max(v, Double.MIN_NORMAL)) / Math.log(2);
    }

    public List<Tick> ticks() {
        return ticks;
    }

    public String title() {
        return title;
    }

    public double max() {
        return hi;
    }

    /** Draws a horizontal axis at {@code y}, its grid lines up to {@code top}. */
    public void drawBottom(Svg svg, double y, double top) {
        svg.open("g", "class", "axis x-axis");
        for (Tick t : ticks) {
            double x = at(t.value());
            svg.element("line", "class", "grid", "x1", x, "y1", top, "x2", x, "y2", y, "stroke", "#d9d9d9",
                    "stroke-width", 1);
            svg.element("line", "x1", x, "y1", y, "x2", x, "y2", y + 5, "stroke", "#000", "stroke-width", 1);
            svg.textElement("text", t.label(), "class", "tick", "x", x, "y", y + 18, "text-anchor", "middle");
        }
        svg.element("line", "class", "axis-line", "x1", from, "y1", y, "x2", to, "y2", y, "stroke", "#000",
                "stroke-width", 1);
        svg.textElement("text", title, "class", "axis-title", "x", (from + to) / 2, "y", y + 36,
                "text-anchor", "middle");
        svg.close();
    }

    /** Draws a vertical axis at {@code x}, its grid lines across to {@code right}. */
    public void drawLeft(Svg svg, double x, double right) {
        svg.open("g", "class", "axis y-axis");
        for (Tick t : ticks) {
            double y = at(t.value());
            svg.element("line", "class", "grid", "x1", x, "y1", y, "x2", right, "y2", y, "stroke", "#d9d9d9",
                    "stroke-width", 1);
            svg.element("line", "x1", x - 5, "y1", y, "x2", x, "y2", y, "stroke", "#000", "stroke-width", 1);
            svg.textElement("text", t.label(), "class", "tick", "x", x - 8, "y", y + 4, "text-anchor", "end");
        }
        svg.element("line", "class", "axis-line", "x1", x, "y1", from, "x2", x, "y2", to, "stroke", "#000",
                "stroke-width", 1);
        double mid = (from + to) / 2;
        svg.textElement("text", title, "class", "axis-title", "x", x - 46, "y", mid, "text-anchor", "middle",
                "transform", "rotate(-90 " + Svg.number(x - 46) + " " + Svg.number(mid) + ")");
        svg.close();
    }

    /** The step of 1, 2 or 5 times a power of ten nearest {@code rough}. */
    static double niceStep(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double f = rough / power;
        double nice = f <= 1.5 ? 1 : f <= 3 ? 2 : f <= 7 ? 5 : 10;
        return nice * power;
    }
}
