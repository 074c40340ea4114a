package dev.xfer.app.run;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One status line on stderr, redrawn in place ({@code \r}, erase to end of line): what is
 * measured now, n of N, elapsed time and an estimate of the time left. Redrawn each second too,
 * so a long configuration still shows the clock moving. Only ever used on a terminal.
 */
public final class StatusLine implements AutoCloseable {
    private static final int DEFAULT_WIDTH = 80;

    private final PrintWriter err;
    private final long startNanos = System.nanoTime();
    private final int width;
    private final ScheduledExecutorService ticker;
    private int done;
    private int total;
    private String what = "starting";
    private final Supplier<String> note;
    private boolean drawn;

    /** @param note a few words after the figures, e.g. that a stop was asked for; empty for none */
    public StatusLine(PrintWriter err, Supplier<String> note) {
        this.err = err;
        this.note = note;
        this.width = width(System.getenv("COLUMNS"));
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "xfer-status-line");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(this::redraw, 1, 1, TimeUnit.SECONDS);
    }

    public synchronized void show(int done, int total, String what) {
        this.done = done;
        this.total = total;
        this.what = what;
        redraw();
    }

    synchronized void redraw() {
        String line = text(done, total, what, Duration.ofNanos(System.nanoTime() - startNanos), note.get());
        if (line.length() > width - 1) {
            line = line.substring(0, Math.max(0, width - 2)) + "…";
        }
        err.print("\r\033[K" + line);
        err.flush();
        drawn = true;
    }

    /** The line's text: {@code [38/210] pinned h2d 16777216 B | 1m02s elapsed | about 4m10s left}. */
    static String text(int done, int total, String what, Duration elapsed, String note) {
        StringBuilder s = new StringBuilder();
        s.append('[').append(Math.min(done + 1, Math.max(total, 1))).append('/').append(total).append("] ").append(what);
        s.append(" | ").append(clock(elapsed)).append(" elapsed");
        if (done > 0 && total > done) {
            Duration left = elapsed.multipliedBy(total - done).dividedBy(done);
            s.append(" | about ").append(clock(left)).append(" left");
        }
        if (!note.isEmpty()) {
            s.append(" | ").append(note);
        }
        return s.toString();
    }

    /** Whole seconds, as a person reads a clock: {@code 7s}, {@code 1m02s}, {@code 2h05m}. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    private static int width(String columns) {
        try {
            int w = columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.strip());
            return w >= 20 ? w : DEFAULT_WIDTH;
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    /** Stops the clock and erases the line, so the results start on a clean line. */
    @Override
    public synchronized void close() {
        ticker.shutdownNow();
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
