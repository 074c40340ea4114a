package dev.xfer.app.measure;

/**
 * Untimed runs before the timed ones: at least {@code iterations} of them, and as many more as
 * fit in {@link #MIN_NANOS}. The count alone is not enough on a JVM: until the JIT has compiled
 * the downcall path, each CUDA call costs microseconds more, which shows in small copies and in
 * the gaps between synchronous steps (async.cu's sequential schedule).
 */
public record Warmup(int iterations, long minNanos) {
    /** 200 ms: past the JIT's compile thresholds for a loop of a few downcalls. */
    public static final long MIN_NANOS = 200_000_000L;

    public Warmup {
        if (iterations < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + iterations);
        }
        if (minNanos < 0) {
            throw new IllegalArgumentException("a warm-up time must not be negative, not " + minNanos + " ns");
        }
    }

    /** At least {@code iterations} runs and {@link #MIN_NANOS}. */
    public Warmup(int iterations) {
        this(iterations, MIN_NANOS);
    }

    /** Runs {@code run} untimed until both the count and the time are reached; returns how many ran. */
    public int run(Runnable run) {
        long start = System.nanoTime();
        int done = 0;
        while (done < iterations || System.nanoTime() - start < minNanos) {
            run.run();
            done++;
        }
        return done;
    }
}
