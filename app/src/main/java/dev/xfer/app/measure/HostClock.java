package dev.xfer.app.measure;

import dev.xfer.cuda.CudaStream;

import java.util.Objects;

/**
 * Times the work with the host's monotonic clock ({@link System#nanoTime}): what the calling
 * thread waited, issuing included. For work that returns only once it is complete (a blocking
 * copy, a run that synchronizes its own streams, host threads joined), {@link #untilReturn}; for
 * work that only queues on a stream, {@link #untilIdle}, which waits for the stream before it
 * reads the clock, or the reading would be the time to queue the work, not to do it.
 */
public final class HostClock implements SampleClock {
    private final CudaStream stream;
    private long startNanos;
    private long elapsedNanos;

    private HostClock(CudaStream stream) {
        this.stream = stream;
    }

    /** Stops the clock as soon as the work returns. */
    public static HostClock untilReturn() {
        return new HostClock(null);
    }

    /** Stops the clock once {@code stream} has finished what the work queued on it. */
    public static HostClock untilIdle(CudaStream stream) {
        return new HostClock(Objects.requireNonNull(stream));
    }

    @Override
    public void start() {
        startNanos = System.nanoTime();
    }

    @Override
    public void stop() {
        if (stream != null) {
            stream.synchronize();
        }
        elapsedNanos = System.nanoTime() - startNanos;
    }

    @Override
    public double seconds() {
        return elapsedNanos / 1e9;
    }

    @Override
    public double milliseconds() {
        return elapsedNanos / 1e6;
    }
}
