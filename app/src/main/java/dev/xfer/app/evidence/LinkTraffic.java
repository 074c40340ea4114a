package dev.xfer.app.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The link traffic of a {@link Recording} in windows: each phase with its own bytes taken off, and
 * the stretches while xfer was idle, cut into windows of at least the rules' minimum length.
 */
final class LinkTraffic {
    /** Bytes the counters showed over {@code seconds}, and what of them was not xfer's. */
    record Window(String during, boolean idle, double seconds, double rxBytes, double txBytes,
                  double foreignRxBytes, double foreignTxBytes, double ownRxBytes, double ownTxBytes) {
        double foreignRxGBps() {
            return foreignRxBytes / seconds / 1e9;
        }

        double foreignTxGBps() {
            return foreignTxBytes / seconds / 1e9;
        }

        double ownRxGBps() {
            return ownRxBytes / seconds / 1e9;
        }

        double ownTxGBps() {
            return ownTxBytes / seconds / 1e9;
        }
    }

    private LinkTraffic() {
    }

    /**
     * The bytes between two consecutive samples, or empty when they cannot be told: a counter that
     * went back (reset, wrapped), samples of two kinds, or no time between them.
     */
    static Optional<double[]> between(LinkSample a, LinkSample b) {
        double dt = (b.nanos() - a.nanos()) / 1e9;
        if (dt <= 0 || a.kind() != b.kind()) {
            return Optional.empty();
        }
        return switch (a.kind()) {
            case BYTES -> b.rx() < a.rx() || b.tx() < a.tx() ? Optional.empty()
                    : Optional.of(new double[]{b.rx() - a.rx(), b.tx() - a.tx()});
            // A rate is a short average near its sample: the window's bytes by the trapezoid rule.
            case KB_PER_SECOND -> Optional.of(new double[]{(a.rx() + b.rx()) / 2.0 * 1000 * dt,
                    (a.tx() + b.tx()) / 2.0 * 1000 * dt});
        };
    }

    /** Each phase that reported its own bytes and spans at least {@code minSeconds}, as one window. */
    static List<Window> phases(Recording r, double minSeconds) {
        List<Window> out = new ArrayList<>();
        for (Phase p : r.phases()) {
            if (p.ownBytes().isEmpty() || p.seconds() < minSeconds) {
                continue;
            }
            Optional<double[]> bytes = within(r.samples(), p.startNanos(), p.endNanos());
            if (bytes.isEmpty()) {
                continue;
            }
            double rx = bytes.get()[0];
            double tx = bytes.get()[1];
            Phase.OwnBytes own = p.ownBytes().get();
            out.add(new Window(p.name(), false, p.seconds(), rx, tx, Math.max(0, rx - own.toDevice()),
                    Math.max(0, tx - own.fromDevice()), own.toDevice(), own.fromDevice()));
        }
        return out;
    }

    /**
     * Runs of two or more consecutive phases that all reported their own bytes, each as one window
     * from the first's start to the last's end when it spans at least {@code minSeconds}: the
     * counters' bytes over it less the sum of the phases' own. Phases are mostly far shorter than a
     * judged window; together they are not, and a counter that trails the copies a little only
     * matters at the run's two ends.
     */
    static List<Window> runs(Recording r, double minSeconds) {
        List<Window> out = new ArrayList<>();
        List<Phase> run = new ArrayList<>();
        for (Phase p : r.phases()) {
            if (p.ownBytes().isPresent()) {
                run.add(p);
                continue;
            }
            run(r, run, minSeconds).ifPresent(out::add);
            run.clear();
        }
        run(r, run, minSeconds).ifPresent(out::add);
        return out;
    }

    private static Optional<Window> run(Recording r, List<Phase> run, double minSeconds) {
        if (run.size() < 2) {
            return Optional.empty();
        }
        long start = run.getFirst().startNanos();
        long end = run.getLast().endNanos();
        double seconds = (end - start) / 1e9;
        if (seconds < minSeconds) {
            return Optional.empty();
        }
        Optional<double[]> bytes = within(r.samples(), start, end);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        long ownRx = 0;
        long ownTx = 0;
        for (Phase p : run) {
            ownRx += p.ownBytes().get().toDevice();
            ownTx += p.ownBytes().get().fromDevice();
        }
        double rx = bytes.get()[0];
        double tx = bytes.get()[1];
        String during = run.getFirst().name() + " to " + run.getLast().name() + " (" + run.size() + " configurations)";
        return Optional.of(new Window(during, false, seconds, rx, tx, Math.max(0, rx - ownRx), Math.max(0, tx - ownTx),
                ownRx, ownTx));
    }

    /**
     * The rx and tx bytes over the sample intervals inside {@code [from, to]}, and the seconds those
     * intervals cover; empty when one cannot be told or none lies there.
     */
    private static Optional<double[]> within(List<LinkSample> s, long from, long to) {
        double rx = 0;
        double tx = 0;
        double seconds = 0;
        boolean any = false;
        for (int i = 0; i + 1 < s.size(); i++) {
            LinkSample a = s.get(i);
            LinkSample b = s.get(i + 1);
            if (a.nanos() >= from && b.nanos() <= to) {
                Optional<double[]> bytes = between(a, b);
                if (bytes.isEmpty()) {
                    return Optional.empty();
                }
                rx += bytes.get()[0];
                tx += bytes.get()[1];
                seconds += (b.nanos() - a.nanos()) / 1e9;
                any = true;
            }
        }
        return any ? Optional.of(new double[]{rx, tx, seconds}) : Optional.empty();
    }

    /**
     * Each of the recording's {@link IdleWindow}s that spans at least {@code minSeconds} and whose
     * samples tell its bytes, as one window: all of its traffic is foreign.
     */
    static List<Window> quiet(Recording r, double minSeconds) {
        List<Window> out = new ArrayList<>();
        for (IdleWindow w : r.idleWindows()) {
            Optional<double[]> bytes = within(r.samples(), w.startNanos(), w.endNanos());
            if (bytes.isPresent() && bytes.get()[2] > 0 && bytes.get()[2] >= minSeconds) {
                double rx = bytes.get()[0];
                double tx = bytes.get()[1];
                out.add(new Window("while xfer was idle " + w.during(), true, bytes.get()[2], rx, tx, rx, tx, 0, 0));
            }
        }
        return out;
    }

    /**
     * The intervals between samples that lie in no phase and no {@link IdleWindow} (those are
     * judged on their own by {@link #quiet}), joined while consecutive and cut into
     * windows once they span {@code minSeconds}; a stretch shorter than that is not judged, and
     * neither is its rest after the last full window (it joins that window).
     */
    static List<Window> idle(Recording r, double minSeconds) {
        List<Window> out = new ArrayList<>();
        List<LinkSample> s = r.samples();
        double seconds = 0;
        double rx = 0;
        double tx = 0;
        for (int i = 0; i + 1 < s.size(); i++) {
            LinkSample a = s.get(i);
            LinkSample b = s.get(i + 1);
            Optional<double[]> bytes = between(a, b);
            if (!outsidePhases(r, a.nanos(), b.nanos()) || insideIdleWindow(r, a.nanos(), b.nanos())
                    || bytes.isEmpty()) {
                seconds = 0;
                rx = 0;
                tx = 0;
                continue;
            }
            seconds += (b.nanos() - a.nanos()) / 1e9;
            rx += bytes.get()[0];
            tx += bytes.get()[1];
            if (seconds >= minSeconds) {
                out.add(new Window("while xfer was idle", true, seconds, rx, tx, rx, tx, 0, 0));
                seconds = 0;
                rx = 0;
                tx = 0;
            }
        }
        return out;
    }

    private static boolean insideIdleWindow(Recording r, long from, long to) {
        for (IdleWindow w : r.idleWindows()) {
            if (from >= w.startNanos() && to <= w.endNanos()) {
                return true;
            }
        }
        return false;
    }

    private static boolean outsidePhases(Recording r, long from, long to) {
        for (Phase p : r.phases()) {
            if (from < p.endNanos() && to > p.startNanos()) {
                return false;
            }
        }
        return true;
    }
}
