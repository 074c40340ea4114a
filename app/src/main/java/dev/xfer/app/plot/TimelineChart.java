package dev.xfer.app.plot;

import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Recorded schedules one under another on one time axis: per schedule a lane per stream, then a
 * lane per engine (all H2D copies, all kernels, all D2H copies of the schedule), so copies of one
 * stream running under kernels of another show as bars stacked in the same columns. The model's
 * ideal time is a dashed line across every schedule.
 */
public final class TimelineChart {
    static final double WIDTH = 940;
    private static final double LEFT = 130;
    private static final double RIGHT = 710;
    private static final double TOP = 40;
    private static final double LANE = 12;
    private static final double BAR = 9;
    private static final double HEAD = 20;
    private static final double GAP = 12;

    private TimelineChart() {
    }

    /**
     * @param id       unique within the page: names the chart's stripe pattern
     * @param idealMs  the model's ideal time; empty for none
     * @param medianMs each schedule's median time of the timed iterations, shown beside its name
     */
    public static String draw(String id, String title, List<ScheduleTimeline> timelines, OptionalDouble idealMs,
                              Map<String, Double> medianMs, Caption caption) {
        if (timelines.isEmpty()) {
            throw new IllegalArgumentException("a timeline chart needs at least one recorded schedule");
        }
        double span = timelines.stream().mapToDouble(ScheduleTimeline::endUs).max().orElse(0);
        if (idealMs.isPresent()) {
            span = Math.max(span, idealMs.getAsDouble() * 1e3);
        }
        boolean ms = span >= 10_000;
        double lanes = 0;
        for (ScheduleTimeline t : timelines) {
            lanes += HEAD + (Math.max(1, t.streams()) + 3) * LANE + GAP;
        }
        double bottom = TOP + lanes;
        double height = bottom + 80;
        Axis x = Axis.linear(0, ms ? span / 1e3 : span, LEFT, RIGHT, "time from the schedule's start", ms ? "ms" : "µs", 8);
        double scale = ms ? 1e-3 : 1;
        Svg svg = new Svg(WIDTH, height, title);
        ChartParts.hatch(svg, id + "-d2h", Palette.D2H);
        ChartParts.title(svg, title, 10);
        x.drawBottom(svg, bottom, TOP);
        double y = TOP;
        for (ScheduleTimeline t : timelines) {
            svg.open("g", "class", "schedule", "data-schedule", t.schedule());
            Double median = medianMs.get(t.schedule());
            String scheduleTitle = t.schedule() + ": this iteration " + duration(t.endUs())
                    + (median == null ? "" : String.format(Locale.ROOT, ", median of the timed ones %.3f ms", median));
            svg.textElement("text", scheduleTitle, "class", "schedule-title", "x", LEFT, "y", y + 14, "font-weight", "bold");
            // Bold runs wider than TextWidth's regular estimate: a tenth more.
            ChartParts.Box titleBox = ChartParts.Box.text(scheduleTitle, LEFT, y + 14, 12 * 1.1, false);
            y += HEAD;
            double panelTop = y;
            for (int s = 0; s < Math.max(1, t.streams()); s++) {
                lane(svg, "stream " + s, y);
                for (TimedOp op : t.ops()) {
                    if (op.stream() == s) {
                        bar(svg, id, op, x, y, scale, "op");
                    }
                }
                y += LANE;
            }
            for (TimedOp.Stage stage : TimedOp.Stage.values()) {
                lane(svg, engine(stage), y);
                for (TimedOp op : t.ops()) {
                    if (op.stage() == stage) {
                        bar(svg, id, op, x, y, scale, "engine-op");
                    }
                }
                y += LANE;
            }
            if (idealMs.isPresent()) {
                // From below the panel's title: it ran into the title's descenders where the title is wider than ix.
                double ix = x.at(idealMs.getAsDouble() * 1e3 * scale);
                ChartParts.verticalLineAvoiding(svg, "ideal", ix, panelTop - 4, y, List.of(titleBox),
                        "stroke", "#000", "stroke-width", 1.5, "stroke-dasharray", "5 3");
            }
            svg.close();
            y += GAP;
        }
        Legend legend = new Legend()
                .fill("H2D copy", Palette.H2D, 1)
                .fill("kernel", Palette.KERNEL, 1)
                .fill("D2H copy", "url(#" + id + "-d2h)", 1);
        if (idealMs.isPresent()) {
            legend.line(String.format(Locale.ROOT, "model's ideal, %s", duration(idealMs.getAsDouble() * 1e3)), "#000", "5 3");
        }
        legend.draw(svg, RIGHT + 16, TOP);
        svg.textElement("text", "lanes: one per stream,", "x", RIGHT + 16, "y", TOP + legend.height() + 12,
                "font-size", 10, "fill", "#333");
        svg.textElement("text", "then one per engine", "x", RIGHT + 16, "y", TOP + legend.height() + 25,
                "font-size", 10, "fill", "#333");
        caption.draw(svg, 10, height - 10);
        return svg.finish();
    }

    private static void lane(Svg svg, String label, double y) {
        svg.textElement("text", label, "class", "lane", "x", LEFT - 6, "y", y + BAR, "text-anchor", "end", "font-size", 10);
    }

    /** An operation as a bar; one too short to see still gets half a pixel. */
    private static void bar(Svg svg, String id, TimedOp op, Axis x, double y, double scale, String cls) {
        double from = x.at(op.startUs() * scale);
        double width = Math.max(0.5, x.at(op.endUs() * scale) - from);
        String fill = switch (op.stage()) {
            case H2D -> Palette.H2D;
            case KERNEL -> Palette.KERNEL;
            case D2H -> "url(#" + id + "-d2h)";
        };
        svg.open("rect", "class", cls + " " + op.stage().label(), "x", from, "y", y + (LANE - BAR) / 2, "width", width,
                "height", BAR, "fill", fill, "stroke", "#222", "stroke-width", 0.3);
        svg.textElement("title", String.format(Locale.ROOT, "stream %d chunk %d %s: %.1f .. %.1f us (%.1f us)",
                op.stream(), op.chunk(), op.stage().label(), op.startUs(), op.endUs(), op.durationUs()));
        svg.close();
    }

    private static String engine(TimedOp.Stage stage) {
        return switch (stage) {
            case H2D -> "H2D engine";
            case KERNEL -> "SMs (kernels)";
            case D2H -> "D2H engine";
        };
    }

    static String duration(double us) {
        return us >= 10_000 ? String.format(Locale.ROOT, "%.2f ms", us / 1e3) : String.format(Locale.ROOT, "%.1f µs", us);
    }
}
