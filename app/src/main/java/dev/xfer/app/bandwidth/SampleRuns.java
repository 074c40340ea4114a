package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;

import java.util.List;
import java.util.function.Supplier;

/**
 * The one timing loop of a bandwidth run: every path's samples, whoever initiates the copy,
 * go through the plan's warm-up and iterations in {@link SampleLoop}, with a safe point before
 * each timed run, so a 4 GiB sweep stops within a copy.
 */
final class SampleRuns {
    private final BandwidthPlan plan;
    private final Progress progress;
    private final RunRows rows;
    private final int total;
    private final int deviceIndex;

    /** @param total the run's rows, for progress */
    SampleRuns(BandwidthPlan plan, Progress progress, RunRows rows, int total, int deviceIndex) {
        this.plan = plan;
        this.progress = progress;
        this.rows = rows;
        this.total = total;
        this.deviceIndex = deviceIndex;
    }

    /** {@link #of(String, long, boolean, CopyInitiator.Sample)} after the plan's whole warm-up. */
    double[] of(String configuration, boolean measured, CopyInitiator.Sample sample) {
        return of(configuration, plan.warmupNanos(), measured, sample);
    }

    /**
     * The samples of {@code sample} in seconds per copy: once untimed when not {@code measured}
     * (the round trip still needs its bytes moved); otherwise a warm-up of at least
     * {@code warmNanos}, then the timed iterations.
     */
    double[] of(String configuration, long warmNanos, boolean measured, CopyInitiator.Sample sample) {
        if (!measured) {
            sample.seconds();
            return new double[0];
        }
        announce(configuration);
        return loop(warmNanos).samples(sample::seconds).stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * {@link #of} for a host copy across the link, which then says what its copies moved (warm-up
     * included) for the run's evidence to take off the link counters. Counted as each sample
     * starts and said after the loop, outside every timed window.
     */
    double[] acrossLink(CopyDirection direction, String configuration, long size, long warmNanos, boolean measured,
                        CopyInitiator.Sample sample) {
        long[] copies = {0};
        double[] seconds = of(configuration, warmNanos, measured, () -> {
            copies[0]++;
            return sample.seconds();
        });
        long bytes = copies[0] * size;
        progress.moved(deviceIndex, direction == CopyDirection.H2D ? bytes : 0,
                direction == CopyDirection.D2H ? bytes : 0);
        return seconds;
    }

    /** Says which configuration is being measured now. */
    void announce(String configuration) {
        progress.measuring(rows.count(), total, configuration);
    }

    /**
     * The readings of a {@code sample} that times itself (bidir: two windows on two streams, which
     * no one clock brackets), through the plan's whole warm-up and iterations.
     */
    <T> List<T> readings(Supplier<T> sample) {
        return loop(plan.warmupNanos()).samples(sample);
    }

    /** The plan's warm-up (at least {@code warmNanos} of it) and iterations, stopping where the run asks. */
    private SampleLoop loop(long warmNanos) {
        return new SampleLoop(new Warmup(plan.warmup(), warmNanos), plan.iterations()).stoppingAt(progress);
    }
}
