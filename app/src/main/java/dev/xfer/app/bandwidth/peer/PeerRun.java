package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.bandwidth.TimedCopy;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.stats.Summarized;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjIntConsumer;

/**
 * The rows of one p2p run, size by size: for every ordered pair in each form, one way and both
 * ways by the copy engine, then by each grid path asked for (the copy kernel, the TMA copy) where
 * the pair has peer access both ways and both GPUs can run it. Who issues is a
 * {@link PeerInitiator}, chosen once per row; the timing is written once for all.
 */
final class PeerRun {
    private final BandwidthPlan plan;
    private final List<PeerLane> lanes;
    private final List<int[]> pairs;
    private final boolean[][] reaches;
    private final Progress progress;
    private final ObjIntConsumer<MemorySegment> beforeCompare;
    private final List<PeerResult> results = new ArrayList<>();
    private final List<VerificationFailure> failures = new ArrayList<>();
    private final int total;
    private final PeerInitiator engine = new PeerEngineCopy();
    private final List<PeerInitiator> grids;
    private final PeerAbsences absent;
    private final StreamGate gate;
    private int done;

    /**
     * @param grids  the grid paths' initiators, in the order of {@code --copy}; none unless it names one
     * @param absent the paths a GPU cannot run: a pair with such a GPU has no rows of that path (they are waived)
     * @param pairs  the ordered pairs to measure, as positions in {@code lanes} (source, destination), source-major
     * @param gate   what holds a kernel sample's streams; null unless the kernel timing may hold one
     */
    PeerRun(BandwidthPlan plan, List<PeerLane> lanes, List<int[]> pairs, boolean[][] reaches, Progress progress,
            ObjIntConsumer<MemorySegment> beforeCompare, int total, List<PeerInitiator> grids, PeerAbsences absent,
            StreamGate gate) {
        this.plan = plan;
        this.lanes = lanes;
        this.pairs = pairs;
        this.reaches = reaches;
        this.progress = progress;
        this.beforeCompare = beforeCompare;
        this.total = total;
        this.grids = List.copyOf(grids);
        this.absent = absent;
        this.gate = gate;
    }

    List<PeerResult> results() {
        return results;
    }

    List<VerificationFailure> failures() {
        return failures;
    }

    /** One ordered pair of the selected devices (positions in the list, not CUDA indices) in one form, at one size. */
    private record Pair(int src, int dst, Initiation initiation, long bytes) {
    }

    void size(long size) {
        List<DeviceBuffer> patterns = new ArrayList<>();
        List<DeviceBuffer> targets = new ArrayList<>();
        try (HostBuffer reference = HostMemoryKind.PAGEABLE.allocate(size);
             HostBuffer check = HostMemoryKind.PAGEABLE.allocate(size);
             Cleanup free = () -> {
                 freeAll(patterns);
                 freeAll(targets);
             }) {
            DataPattern.fill(reference.segment(), size);
            for (PeerLane lane : lanes) {
                patterns.add(DeviceBuffer.allocate(lane.device(), size));
                targets.add(DeviceBuffer.allocate(lane.device(), size));
                Memcpy.copy(patterns.getLast().address(), reference.segment(), size, CopyKind.HOST_TO_DEVICE);
            }
            for (Initiation initiation : plan.peerInitiations()) {
                for (int[] chosen : pairs) {
                    int s = chosen[0];
                    int d = chosen[1];
                    Pair pair = new Pair(s, d, initiation, size);
                    results.add(measure(pair, patterns, targets, reference.segment(), check.segment(), engine));
                    int from = lanes.get(s).device().index();
                    int to = lanes.get(d).device().index();
                    for (PeerInitiator grid : grids) {
                        if (reaches[s][d] && reaches[d][s] && absent.between(grid.path(), from, to).isEmpty()) {
                            results.add(measure(pair, patterns, targets, reference.segment(), check.segment(), grid));
                        } else {
                            done += 2; // counted in the total, not measured
                        }
                    }
                }
            }
        }
    }

    private PeerResult measure(Pair pair, List<DeviceBuffer> patterns, List<DeviceBuffer> targets,
                               MemorySegment reference, MemorySegment check, PeerInitiator initiator) {
        int s = pair.src();
        int d = pair.dst();
        long size = pair.bytes();
        PeerLane src = lanes.get(s);
        PeerLane dst = lanes.get(d);
        int from = src.device().index();
        int to = dst.device().index();
        String oneWayName = PeerResult.configuration(from, to, size, initiator.path(), pair.initiation());
        String bothWaysName = PeerResult.bidirConfiguration(from, to, size, initiator.path(), pair.initiation());
        // The write form issues each copy from the GPU it leaves, the read form from the one it reaches.
        boolean writes = pair.initiation() == Initiation.WRITE;
        PeerCopy there = new PeerCopy(writes ? src : dst, targets.get(d), patterns.get(s), size);
        PeerCopy back = new PeerCopy(writes ? dst : src, targets.get(s), patterns.get(d), size);

        progress.measuring(done++, total, oneWayName);
        poison(dst, targets.get(d));
        there.issuer().device().makeCurrent();
        PeerLane issuer = there.issuer();
        double[] oneWay = repeat(() -> initiator.oneWay(there,
                new TimedCopy(plan.timer(), issuer.start(), issuer.stop())));
        boolean ok = readBack(dst, targets.get(d), oneWayName, reference, check);

        progress.measuring(done++, total, bothWaysName);
        poison(dst, targets.get(d));
        poison(src, targets.get(s));
        there.issuer().device().makeCurrent();
        double[] bothWays = repeat(() -> bothWays(there, back, initiator));
        boolean bidirOk = readBack(dst, targets.get(d), bothWaysName + " (into device " + to + ")", reference,
                check);
        bidirOk &= readBack(src, targets.get(s), bothWaysName + " (into device " + from + ")", reference, check);

        return new PeerResult(from, to, size, reaches[s][d] && reaches[d][s], Summarized.ofRates(size, oneWay),
                Summarized.ofRates(Math.multiplyExact(size, 2), bothWays), ok, bidirOk, initiator.path(),
                pair.initiation());
    }

    /**
     * The plan's warm-up and timed runs of {@code copy}, which times itself: a copy both ways
     * waits across two GPUs' streams, more than one clock's two marks on one stream.
     */
    private double[] repeat(Measurement copy) {
        return new SampleLoop(new Warmup(plan.warmup()), plan.iterations()).samples(copy::seconds).stream()
                .mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * {@code timed} and {@code beside} at once, each on its issuer's stream: {@code timed}'s
     * stream (the current device) holds the events, and {@code beside}'s waits for the start
     * and is waited for before the stop, so the events span both copies. A kernel sample holds
     * as many copies each way as a one-way sample, both streams held and led in alike; seconds
     * per copy.
     */
    private double bothWays(PeerCopy timed, PeerCopy beside, PeerInitiator initiator) {
        PeerLane first = timed.issuer();
        PeerLane second = beside.issuer();
        long size = timed.bytes();
        int copies = initiator.copiesFor(size);
        boolean gated = initiator.gatedFor(size);
        boolean leadIn = initiator.leadInFor(size);
        try {
            if (gated) {
                gate.hold(first.stream());
                second.device().makeCurrent();
                gate.hold(second.stream());
                first.device().makeCurrent();
            }
            if (leadIn) {
                initiator.issue(timed, 1, first);
                initiator.issue(beside, 1, first);
                // The start waits for both lead-ins, so the second's tail is not inside the window.
                second.done().record(second.stream());
                first.stream().waitFor(second.done());
            }
            return switch (plan.timer()) {
                case EVENTS -> {
                    first.start().record(first.stream());
                    second.stream().waitFor(first.start());
                    initiator.issue(timed, copies, first);
                    initiator.issue(beside, copies, first);
                    second.done().record(second.stream());
                    first.stream().waitFor(second.done());
                    first.stop().record(first.stream());
                    if (gated) {
                        gate.release();
                    }
                    first.stop().synchronize();
                    yield first.start().millisecondsTo(first.stop()) / 1e3 / copies;
                }
                case WALL -> {
                    if (gated) {
                        gate.release();
                    }
                    first.stream().synchronize();
                    second.stream().synchronize();
                    long t0 = System.nanoTime();
                    initiator.issue(timed, copies, first);
                    initiator.issue(beside, copies, first);
                    first.stream().synchronize();
                    second.stream().synchronize();
                    yield (System.nanoTime() - t0) / 1e9 / copies;
                }
            };
        } finally {
            if (gated) {
                gate.release(); // a failure while queuing must not leave either stream held
            }
            first.device().makeCurrent();
        }
    }

    private void poison(PeerLane lane, DeviceBuffer buffer) {
        lane.device().makeCurrent();
        buffer.fillAsync(DataPattern.POISON & 0xff, lane.stream());
        lane.stream().synchronize();
    }

    private boolean readBack(PeerLane lane, DeviceBuffer buffer, String configuration, MemorySegment reference,
                             MemorySegment check) {
        lane.device().makeCurrent();
        DataPattern.poison(check);
        Memcpy.copy(check, buffer.address(), buffer.bytes(), CopyKind.DEVICE_TO_HOST);
        beforeCompare.accept(check, lane.device().index());
        long offset = DataPattern.firstMismatch(check, reference);
        if (offset < 0) {
            return true;
        }
        failures.add(new VerificationFailure(configuration, offset, reference.get(ValueLayout.JAVA_BYTE, offset),
                check.get(ValueLayout.JAVA_BYTE, offset)));
        return false;
    }

    private static void freeAll(List<DeviceBuffer> buffers) {
        RuntimeException first = null;
        for (DeviceBuffer b : buffers) {
            try {
                b.device().makeCurrent();
                b.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @FunctionalInterface
    private interface Measurement {
        double seconds();
    }
}
