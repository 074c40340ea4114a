package dev.xfer.app.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The loop the measuring engines (bandwidth and its p2p copies, concurrent copies and many-GPU
 * patterns, overlap, pipeline, batch, latency) time their samples with: a {@link Warmup}, then
 * {@code iterations} timed runs, each the measured work between a clock's two marks, returned in
 * run order. Immutable: {@link #stoppingAt}, {@link #settingUp}, {@link #settingUpTimed} and
 * {@link #checkingEach} each return a new loop.
 * <ul>
 * <li><b>Warm-up by count and by time.</b> A count alone warms CUDA (context, module, first
 * touch of the buffers) but not the JVM: until the JIT has compiled the downcall path, every
 * CUDA call costs microseconds more, which shows in small copies and between synchronous steps.
 * So the warm-up runs until both {@link Warmup#iterations()} and {@link Warmup#minNanos()} are
 * reached. A warm-up run is a whole sample thrown away (set-up, marks, work, reading), so the
 * JIT has compiled the very path the timed runs take.</li>
 * <li><b>Set-up outside the timed window.</b> What a run needs but must not be charged for
 * (zeroing the array a kernel writes, marking an output so the check catches what no run
 * wrote) runs before the start mark: {@link #settingUp} before every run, warm-up included, so
 * every run starts from the same state; {@link #settingUpTimed} before the timed runs only, for
 * a set-up only a timed run's result needs (the check reads what the last one left). What must
 * be read back after each run (where a pointer chase ended) goes in {@link #checkingEach}, after
 * the stop mark.</li>
 * <li><b>The clock brackets the work and nothing else.</b> With an {@link EventClock} the events
 * go on the stream the work is queued on, so the reading is the device's time for exactly that
 * work; a {@link HostClock} reads the host's clock when the work is complete.</li>
 * <li><b>A safe point before each timed run.</b> With {@link #stoppingAt}, the loop calls
 * {@link Progress#checkpoint()} when nothing of the work is in flight, so a stop request (a
 * signal, the time limit) ends even a long sweep within one run, never inside one.</li>
 * </ul>
 * The loop never prints and holds no CUDA resource: the clock's events and the work's buffers
 * belong to the engine, which frees them in its try-with-resources.
 */
public final class SampleLoop {
    private static final Runnable NOTHING = () -> { };

    private final Warmup warmup;
    private final int iterations;
    private final Progress progress;
    private final Runnable everyRun;
    private final Runnable timedRun;
    private final Runnable afterRun;

    /** {@code iterations} timed runs after {@code warmup}, with no set-up and no safe points. */
    public SampleLoop(Warmup warmup, int iterations) {
        this(warmup, iterations, Progress.NONE, NOTHING, NOTHING, NOTHING);
    }

    private SampleLoop(Warmup warmup, int iterations, Progress progress, Runnable everyRun, Runnable timedRun,
                       Runnable afterRun) {
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must not be negative, not " + iterations);
        }
        this.warmup = Objects.requireNonNull(warmup);
        this.iterations = iterations;
        this.progress = Objects.requireNonNull(progress);
        this.everyRun = Objects.requireNonNull(everyRun);
        this.timedRun = Objects.requireNonNull(timedRun);
        this.afterRun = Objects.requireNonNull(afterRun);
    }

    /** This loop with {@code progress}'s {@link Progress#checkpoint()} before each timed run. */
    public SampleLoop stoppingAt(Progress progress) {
        return new SampleLoop(warmup, iterations, progress, everyRun, timedRun, afterRun);
    }

    /** This loop with {@code setUp} before every run, warm-up runs included, outside the timed window. */
    public SampleLoop settingUp(Runnable setUp) {
        return new SampleLoop(warmup, iterations, progress, setUp, timedRun, afterRun);
    }

    /** This loop with {@code setUp} before each timed run only (after {@link #settingUp}'s), outside the window. */
    public SampleLoop settingUpTimed(Runnable setUp) {
        return new SampleLoop(warmup, iterations, progress, everyRun, setUp, afterRun);
    }

    /**
     * This loop with {@code check} after every run, warm-up runs included, once the clock's stop
     * mark has returned (the work is complete): outside the timed window, before the next run.
     */
    public SampleLoop checkingEach(Runnable check) {
        return new SampleLoop(warmup, iterations, progress, everyRun, timedRun, check);
    }

    /** The timed runs' samples of {@code work} between {@code clock}'s marks, in seconds. */
    public double[] seconds(SampleClock clock, Runnable work) {
        double[] seconds = new double[iterations];
        repeat(() -> clock.time(work), i -> seconds[i] = clock.time(work));
        return seconds;
    }

    /** The same samples in milliseconds, as the clock reads them. */
    public double[] milliseconds(SampleClock clock, Runnable work) {
        double[] millis = new double[iterations];
        repeat(() -> millisecondsOf(clock, work), i -> millis[i] = millisecondsOf(clock, work));
        return millis;
    }

    private static double millisecondsOf(SampleClock clock, Runnable work) {
        clock.start();
        work.run();
        clock.stop();
        return clock.milliseconds();
    }

    /**
     * The timed runs' samples of a {@code sample} that times itself, for work one clock cannot
     * bracket (two copies on two streams, each between its own events): it runs the work and
     * returns its readings.
     */
    public <T> List<T> samples(Supplier<T> sample) {
        List<T> samples = new ArrayList<>(iterations);
        repeat(sample::get, i -> samples.add(sample.get()));
        return samples;
    }

    /** The warm-up runs, then the timed ones, each after its safe point and set-up, and before its check. */
    private void repeat(Runnable warmUpRun, IntConsumer timed) {
        warmup.run(() -> {
            everyRun.run();
            warmUpRun.run();
            afterRun.run();
        });
        for (int i = 0; i < iterations; i++) {
            progress.checkpoint();
            everyRun.run();
            timedRun.run();
            timed.accept(i);
            afterRun.run();
        }
    }
}
