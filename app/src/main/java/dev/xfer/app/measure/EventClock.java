package dev.xfer.app.measure;

import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.Objects;

/**
 * Times the work with two CUDA events recorded on the stream the work is queued on, and waits
 * for the stop event. The events go on the work's own stream because stream order is what makes
 * them bracket exactly that work: the start event completes when the stream reaches it, the stop
 * event when everything queued between them has finished, so the reading is device time, free of
 * the host's cost of issuing the calls (bandwidthtest.cu and async.cu time their copies so). On
 * the legacy default stream the pair also waits for the blocking streams, which is how one pair
 * times a schedule spread over several of them.
 * <p>
 * The events are the caller's (created and closed by it in try-with-resources); one pair serves
 * any number of samples, one at a time.
 */
public final class EventClock implements SampleClock {
    private final CudaEvent start;
    private final CudaEvent stop;
    private final CudaStream stream;

    public EventClock(CudaEvent start, CudaEvent stop, CudaStream stream) {
        this.start = Objects.requireNonNull(start);
        this.stop = Objects.requireNonNull(stop);
        this.stream = Objects.requireNonNull(stream);
    }

    @Override
    public void start() {
        start.record(stream);
    }

    @Override
    public void stop() {
        stop.record(stream);
        stop.synchronize();
    }

    @Override
    public double seconds() {
        return start.millisecondsTo(stop) / 1e3;
    }

    @Override
    public double milliseconds() {
        return start.millisecondsTo(stop);
    }
}
