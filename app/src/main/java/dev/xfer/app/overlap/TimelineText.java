package dev.xfer.app.overlap;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Recorded schedules drawn as text: one row per stream, then one row per engine (every H2D, every
 * kernel, every D2H of the schedule together, which shows where copies overlap kernels), time left
 * to right on one axis shared by all schedules, so sequential, V1 and V2 compare by length.
 * H2D is {@code >}, a kernel {@code #}, D2H {@code <}; colour is only added when asked for.
 */
public final class TimelineText {
    /** Narrowest drawing that still has room for a bar: below it the width is raised to this. */
    static final int MIN_WIDTH = 40;
    private static final int LABEL = 15;

    private static final String RESET = "\033[0m";

    private TimelineText() {
    }

    /**
     * @param idealMs the model's ideal time, marked with {@code |} on the axis; empty for none
     * @param width   columns of the terminal (80 when unknown)
     * @param colour  whether to add ANSI colours (a terminal and {@code NO_COLOR} unset)
     */
    public static String render(List<ScheduleTimeline> timelines, OptionalDouble idealMs, int width, boolean colour) {
        if (timelines.isEmpty()) {
            return "timeline: nothing recorded\n";
        }
        int bar = Math.max(MIN_WIDTH, width) - LABEL - 2;
        double spanUs = timelines.stream().mapToDouble(ScheduleTimeline::endUs).max().orElse(0);
        if (idealMs.isPresent()) {
            spanUs = Math.max(spanUs, idealMs.getAsDouble() * 1e3);
        }
        if (!(spanUs > 0)) {
            spanUs = 1;
        }
        double usPerCell = spanUs / bar;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT,
                "timeline, one untimed iteration each, %s/column: %s H2D  %s kernel  %s D2H%n",
                duration(usPerCell), paint(">", TimedOp.Stage.H2D, colour), paint("#", TimedOp.Stage.KERNEL, colour),
                paint("<", TimedOp.Stage.D2H, colour)));
        for (ScheduleTimeline t : timelines) {
            // The schedule's name on its first row, how long this iteration took on the second.
            List<String> names = List.of(t.schedule(), duration(t.endUs()));
            int r = 0;
            for (int s = 0; s < t.streams(); s++) {
                final int stream = s;
                row(out, r < names.size() ? names.get(r) : "", "s" + s,
                        cells(t.ops().stream().filter(o -> o.stream() == stream).toList(), bar, usPerCell), colour);
                r++;
            }
            for (TimedOp.Stage stage : TimedOp.Stage.values()) {
                row(out, r < names.size() ? names.get(r) : "", engine(stage),
                        cells(t.ops().stream().filter(o -> o.stage() == stage).toList(), bar, usPerCell), colour);
                r++;
            }
        }
        out.append(axis(bar, spanUs, idealMs));
        return out.toString();
    }

    private static String engine(TimedOp.Stage stage) {
        return switch (stage) {
            case H2D -> "H2D";
            case KERNEL -> "SM";
            case D2H -> "D2H";
        };
    }

    /**
     * Each column holds the stage of the operation covering most of it; every operation, a
     * zero-width one too, keeps at least one column.
     */
    static char[] cells(List<TimedOp> ops, int bar, double usPerCell) {
        char[] cells = new char[bar];
        double[] cover = new double[bar];
        java.util.Arrays.fill(cells, ' ');
        for (TimedOp op : ops) {
            int from = Math.min(bar - 1, (int) Math.floor(op.startUs() / usPerCell));
            int to = Math.min(bar - 1, (int) Math.floor(op.endUs() / usPerCell));
            for (int c = from; c <= to; c++) {
                double lo = Math.max(op.startUs(), c * usPerCell);
                double hi = Math.min(op.endUs(), (c + 1) * usPerCell);
                // A zero-width operation still claims an empty column.
                double covered = Math.max(hi - lo, 0) + (cells[c] == ' ' ? 1e-9 : 0);
                if (covered > cover[c]) {
                    cover[c] = covered;
                    cells[c] = op.stage().symbol();
                }
            }
        }
        // An operation shorter than a column that lost every column it touched still shows, at its middle.
        for (TimedOp op : ops) {
            int from = Math.min(bar - 1, (int) Math.floor(op.startUs() / usPerCell));
            int to = Math.min(bar - 1, (int) Math.floor(op.endUs() / usPerCell));
            boolean shown = false;
            for (int c = from; c <= to; c++) {
                shown |= cells[c] == op.stage().symbol();
            }
            if (!shown) {
                cells[(from + to) / 2] = op.stage().symbol();
            }
        }
        return cells;
    }

    private static void row(StringBuilder out, String schedule, String lane, char[] cells, boolean colour) {
        out.append(String.format(Locale.ROOT, "%-10.10s %3s |", schedule, lane));
        if (colour) {
            for (char c : cells) {
                TimedOp.Stage stage = stageOf(c);
                out.append(stage == null ? String.valueOf(c) : paint(String.valueOf(c), stage, true));
            }
        } else {
            out.append(cells);
        }
        out.append("|\n");
    }

    private static TimedOp.Stage stageOf(char c) {
        for (TimedOp.Stage s : TimedOp.Stage.values()) {
            if (s.symbol() == c) {
                return s;
            }
        }
        return null;
    }

    /** Blue, orange and purple: apart for the common colour blindnesses, and the characters differ anyway. */
    private static String paint(String text, TimedOp.Stage stage, boolean colour) {
        if (!colour) {
            return text;
        }
        String code = switch (stage) {
            case H2D -> "\033[38;5;32m";
            case KERNEL -> "\033[38;5;214m";
            case D2H -> "\033[38;5;162m";
        };
        return code + text + RESET;
    }

    private static String axis(int bar, double spanUs, OptionalDouble idealMs) {
        char[] ticks = new char[bar];
        java.util.Arrays.fill(ticks, '-');
        ticks[bar / 2] = '+';
        String idealNote = "";
        if (idealMs.isPresent()) {
            int c = Math.min(bar - 1, (int) Math.floor(idealMs.getAsDouble() * 1e3 / (spanUs / bar)));
            ticks[c] = '|';
            idealNote = String.format(Locale.ROOT, "  (| the model's ideal, %s)", duration(idealMs.getAsDouble() * 1e3));
        }
        StringBuilder out = new StringBuilder();
        out.append(" ".repeat(LABEL)).append('+').append(ticks).append("+\n");
        String left = "0";
        String mid = duration(spanUs / 2);
        String right = duration(spanUs);
        char[] labels = new char[bar + 2];
        java.util.Arrays.fill(labels, ' ');
        place(labels, left, 1);
        place(labels, mid, 1 + bar / 2 - mid.length() / 2);
        place(labels, right, bar + 2 - right.length());
        out.append(" ".repeat(LABEL)).append(new String(labels).stripTrailing()).append('\n');
        if (!idealNote.isEmpty()) {
            out.append(" ".repeat(LABEL)).append(idealNote.strip()).append('\n');
        }
        return out.toString();
    }

    private static void place(char[] line, String text, int at) {
        for (int i = 0; i < text.length() && at + i < line.length; i++) {
            line[at + i] = text.charAt(i);
        }
    }

    /** Microseconds below 10 ms, else milliseconds, three significant digits or so. */
    static String duration(double us) {
        if (us < 10_000) {
            return us < 10 ? String.format(Locale.ROOT, "%.2f us", us) : String.format(Locale.ROOT, "%.0f us", us);
        }
        return String.format(Locale.ROOT, "%.1f ms", us / 1e3);
    }
}
