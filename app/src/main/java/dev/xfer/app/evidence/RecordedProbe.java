package dev.xfer.app.evidence;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A probe that replays recorded readings in order: snapshots and link samples, each queue on its
 * own. Once a queue runs dry its last reading is repeated, so a test need not know how many times
 * the recorder asks. For decision tests over readings taken on GPU machines.
 */
public final class RecordedProbe implements GpuProbe {
    private final Deque<GpuSnapshot> snapshots;
    private final Deque<Reading<LinkSample>> samples;
    private GpuSnapshot lastSnapshot;
    private Reading<LinkSample> lastSample;
    private final Reading<ConfidentialComputingState> confidentialComputing;

    public RecordedProbe(List<GpuSnapshot> snapshots, List<Reading<LinkSample>> samples) {
        this(snapshots, samples, Reading.unknown("not recorded"));
    }

    /** A recorded probe whose system reports {@code confidentialComputing} (a CC machine's recorded state). */
    public RecordedProbe(List<GpuSnapshot> snapshots, List<Reading<LinkSample>> samples,
                         Reading<ConfidentialComputingState> confidentialComputing) {
        this.confidentialComputing = confidentialComputing;
        if (snapshots.isEmpty() || samples.isEmpty()) {
            throw new IllegalArgumentException("a recorded probe needs at least one snapshot and one link sample");
        }
        this.snapshots = new ArrayDeque<>(snapshots);
        this.samples = new ArrayDeque<>(samples);
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.empty();
    }

    @Override
    public synchronized GpuSnapshot snapshot(boolean memoryHealth) {
        if (!snapshots.isEmpty()) {
            lastSnapshot = snapshots.poll();
        }
        return lastSnapshot;
    }

    @Override
    public synchronized Reading<LinkSample> linkSample() {
        if (!samples.isEmpty()) {
            lastSample = samples.poll();
        }
        return lastSample;
    }

    @Override
    public Reading<ConfidentialComputingState> confidentialComputing() {
        return confidentialComputing;
    }

    @Override
    public void close() {
    }
}
