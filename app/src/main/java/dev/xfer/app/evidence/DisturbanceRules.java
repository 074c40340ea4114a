package dev.xfer.app.evidence;

import dev.xfer.app.result.Disturbance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Whether a GPU's measurements were disturbed, from what its probe read (a {@link Recording}).
 * Pure: the same readings always give the same disturbances. The rules (docs/evidence.md):
 * <ul>
 *   <li>{@code foreign-link-traffic}: over a window of at least {@link Thresholds#minWindowMillis},
 *   the PCIe counters showed more than {@link Thresholds#foreignGBps} in one direction beyond the
 *   bytes xfer moved, plus {@link Thresholds#overheadShare} of xfer's own rate in that direction
 *   (the counters count packet headers and flow control that a copy's byte count does not). A window
 *   is a phase that reported its own bytes, a run of consecutive phases that all did (their own
 *   bytes summed), a stretch between phases while xfer was idle, or one of the recorder's own
 *   {@link IdleWindow}s (at least {@link Thresholds#minIdleWindowMillis}) before the first and after
 *   the last configuration; in the last two all traffic is foreign.</li>
 *   <li>{@code foreign-process}: a process other than xfer held a compute context in any snapshot.</li>
 *   <li>{@code throttle}: a clock-event reason other than {@code gpu_idle} at a phase's start or end.</li>
 *   <li>{@code link-retrained}: the link's generation or width differed between a phase's start
 *   and end, or between the run's first and last snapshot.</li>
 *   <li>{@code link-replays}: the replay counter grew during a phase.</li>
 * </ul>
 * A reading that is unknown never disturbs.
 */
public final class DisturbanceRules {
    /**
     * @param foreignGBps     foreign traffic above this (GB/s, one direction) disturbs
     * @param overheadShare   the share of xfer's own rate allowed on top of its bytes
     * @param minWindowMillis the shortest phase or gap between phases judged for traffic
     * @param minIdleWindowMillis the shortest {@link IdleWindow} judged: it is read on purpose,
     *                        several samples across it, so it may be shorter than a phase window
     */
    public record Thresholds(double foreignGBps, double overheadShare, long minWindowMillis,
                             long minIdleWindowMillis) {
        /**
         * 2 GB/s is under 4% of a Gen5 x16 link and well above what an idle GPU shows (0); a second
         * process copying pinned memory shows 20 to 59 GB/s. 200 ms is two sampler periods. 80 ms
         * is the shorter idle window ({@link EvidenceRecorder#IDLE_AFTER}, 100 ms) less the slack
         * of reading its first sample: at 2 GB/s it holds 160 MB of foreign traffic.
         */
        public static final Thresholds DEFAULT = new Thresholds(2.0, 0.10, 200, 80);
    }

    private final Thresholds thresholds;

    public DisturbanceRules(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    public DisturbanceRules() {
        this(Thresholds.DEFAULT);
    }

    public List<Disturbance> judge(Recording r) {
        if (r.unavailable().isPresent()) {
            return List.of();
        }
        List<Disturbance> out = new ArrayList<>();
        foreignTraffic(r).ifPresent(out::add);
        out.addAll(foreignProcesses(r));
        throttle(r).ifPresent(out::add);
        retrained(r).ifPresent(out::add);
        replays(r).ifPresent(out::add);
        return out;
    }

    /** The worst window over the threshold, in its worse direction. */
    private Optional<Disturbance> foreignTraffic(Recording r) {
        double min = thresholds.minWindowMillis() / 1000.0;
        List<LinkTraffic.Window> windows = new ArrayList<>();
        // Own bytes are taken off only where the samples are byte counts. A rate sample is NVML's
        // average over its last ~20 ms, and xfer's copies come in bursts of a few ms: integrated
        // over a window that holds them, rates miscount by gigabytes a second (ten of ten quiet
        // smoke runs on two H100s, 2026-11-27, showed 3.2-4.8 GB/s of "foreign" tx that way). With
        // rates, only the idle windows are judged, which xfer keeps free of its own copies.
        if (r.samples().stream().allMatch(s -> s.kind() == LinkSample.Kind.BYTES)) {
            windows.addAll(LinkTraffic.phases(r, min));
            windows.addAll(LinkTraffic.runs(r, min));
            windows.addAll(LinkTraffic.idle(r, min));
        }
        windows.addAll(LinkTraffic.quiet(r, thresholds.minIdleWindowMillis() / 1000.0));
        LinkTraffic.Window worst = null;
        String worstDirection = null;
        double worstExcess = 0;
        double worstRate = 0;
        for (LinkTraffic.Window w : windows) {
            for (String direction : List.of("rx", "tx")) {
                double foreign = direction.equals("rx") ? w.foreignRxGBps() : w.foreignTxGBps();
                // A DMA in one direction moves requests and completions the other way: on four H200s
                // (2026-11-27) a quiet pinned h2d at 55 GB/s showed 3.4-3.6 GB/s of tx. The allowance
                // is a share of xfer's own traffic in both directions, not only in the one judged.
                double own = w.ownRxGBps() + w.ownTxGBps();
                double limit = thresholds.foreignGBps() + thresholds.overheadShare() * own;
                if (foreign > limit && foreign - limit > worstExcess) {
                    worst = w;
                    worstDirection = direction;
                    worstExcess = foreign - limit;
                    worstRate = foreign;
                }
            }
        }
        if (worst == null) {
            return Optional.empty();
        }
        var evidence = new Disturbance.ForeignLinkTraffic.Evidence(worstDirection, worst.during(),
                round(worst.seconds() * 1000, 1),
                round((worstDirection.equals("rx") ? worst.rxBytes() : worst.txBytes()) / worst.seconds() / 1e9, 2),
                round(worstDirection.equals("rx") ? worst.ownRxGBps() : worst.ownTxGBps(), 2), round(worstRate, 2),
                thresholds.foreignGBps());
        String during = worst.idle() ? worst.during() : "during " + worst.during();
        return Optional.of(new Disturbance.ForeignLinkTraffic(String.format(Locale.ROOT,
                "foreign PCIe %s %.1f GB/s %s on %s", worstDirection, worstRate, during, r.gpu()), evidence));
    }

    private List<Disturbance> foreignProcesses(Recording r) {
        Map<Long, ComputeProcess> seen = new LinkedHashMap<>();
        for (GpuSnapshot s : snapshots(r)) {
            for (ComputeProcess p : s.processes().known().orElse(List.of())) {
                if (p.pid() != r.ownPid()) {
                    seen.merge(p.pid(), p, (a, b) -> a.name().isPresent() ? a : b);
                }
            }
        }
        List<Disturbance> out = new ArrayList<>();
        for (ComputeProcess p : seen.values()) {
            out.add(new Disturbance.ForeignProcess(p.described() + " holds a context on " + r.gpu(),
                    new Disturbance.ForeignProcess.Evidence(p.pid(), p.name())));
        }
        return out;
    }

    private Optional<Disturbance> throttle(Recording r) {
        Set<String> reasons = new LinkedHashSet<>();
        List<String> phases = new ArrayList<>();
        Integer smClock = null;
        for (Phase p : r.phases()) {
            boolean here = false;
            for (GpuSnapshot s : List.of(p.start(), p.end())) {
                Optional<ClockEvents> events = s.clockEvents().known();
                if (events.isPresent() && events.get().throttled()) {
                    reasons.addAll(events.get().throttlingNames());
                    here = true;
                    if (smClock == null) {
                        smClock = s.smClockMHz().known().orElse(null);
                    }
                }
            }
            if (here) {
                phases.add(p.name());
            }
        }
        if (phases.isEmpty()) {
            return Optional.empty();
        }
        var evidence = new Disturbance.Throttle.Evidence(List.copyOf(reasons), phases,
                smClock == null ? OptionalInt.empty() : OptionalInt.of(smClock));
        return Optional.of(new Disturbance.Throttle(r.gpu() + " clocks held back by " + String.join(", ", reasons)
                + " during " + phases.getFirst() + others(phases.size())
                + (smClock == null ? "" : " (SM " + smClock + " MHz)"), evidence));
    }

    private Optional<Disturbance> retrained(Recording r) {
        List<GpuSnapshot> all = snapshots(r);
        for (Phase p : r.phases()) {
            Optional<Disturbance> d = retrained(r, p.start(), p.end(), "during " + p.name());
            if (d.isPresent()) {
                return d;
            }
        }
        return all.isEmpty() ? Optional.empty()
                : retrained(r, all.getFirst(), all.getLast(), "between the run's start and end");
    }

    private Optional<Disturbance> retrained(Recording r, GpuSnapshot a, GpuSnapshot b, String when) {
        Optional<LinkState> from = a.link().known();
        Optional<LinkState> to = b.link().known();
        if (from.isEmpty() || to.isEmpty() || from.get().equals(to.get())) {
            return Optional.empty();
        }
        var evidence = new Disturbance.LinkRetrained.Evidence(link(from.get()), link(to.get()), when);
        return Optional.of(new Disturbance.LinkRetrained(r.gpu() + " PCIe link went from " + from.get() + " to "
                + to.get() + " " + when, evidence));
    }

    private Optional<Disturbance> replays(Recording r) {
        long total = 0;
        List<String> phases = new ArrayList<>();
        for (Phase p : r.phases()) {
            Optional<Long> a = p.start().replays().known();
            Optional<Long> b = p.end().replays().known();
            if (a.isPresent() && b.isPresent() && b.get() > a.get()) {
                total += b.get() - a.get();
                phases.add(p.name());
            }
        }
        if (total == 0) {
            return Optional.empty();
        }
        var evidence = new Disturbance.LinkReplays.Evidence(total, phases);
        return Optional.of(new Disturbance.LinkReplays(total + " PCIe replay" + (total == 1 ? "" : "s")
                + " on " + r.gpu() + " during " + phases.getFirst() + others(phases.size()), evidence));
    }

    private static Disturbance.LinkRetrained.Link link(LinkState state) {
        return new Disturbance.LinkRetrained.Link(state.generation(), state.width());
    }

    private static List<GpuSnapshot> snapshots(Recording r) {
        List<GpuSnapshot> out = new ArrayList<>();
        for (Phase p : r.phases()) {
            out.add(p.start());
            out.add(p.end());
        }
        return out;
    }

    private static String others(int phases) {
        return phases <= 1 ? "" : " and " + (phases - 1) + " other phase" + (phases == 2 ? "" : "s");
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
