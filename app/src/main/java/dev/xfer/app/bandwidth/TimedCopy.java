package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.function.IntConsumer;

/**
 * One copy, issued the way bandwidthtest.cu does (cudaMemcpyAsync for page-locked memory,
 * cudaMemcpy otherwise) and timed by the chosen timer. Apart from the results and output, so
 * every benchmark issues copies the same way.
 */
public final class TimedCopy {
    private final CopyTimer timer;
    private final CudaEvent start;
    private final CudaEvent stop;

    public TimedCopy(CopyTimer timer, CudaEvent start, CudaEvent stop) {
        this.timer = timer;
        this.start = start;
        this.stop = stop;
    }

    /** Copies and returns the seconds it took by this timer. */
    public double run(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind, boolean async, CudaStream stream) {
        return time(() -> issue(dst, src, bytes, kind, async, stream), stream);
    }

    /**
     * Runs {@code work}, which queues device work on {@code stream} (a copy, a copy kernel), and
     * returns the seconds it took by this timer: the events bracket exactly what it queued.
     */
    public double time(Runnable work, CudaStream stream) {
        return clock(stream).time(work);
    }

    /**
     * This timer as a clock for work queued on {@code stream}: its events recorded on that
     * stream, or the host clock stopped once that stream is idle.
     */
    public SampleClock clock(CudaStream stream) {
        return switch (timer) {
            case EVENTS -> new EventClock(start, stop, stream);
            case WALL -> HostClock.untilIdle(stream);
        };
    }

    /**
     * Like {@link #time(Runnable, CudaStream)}, with untimed work around the timed: {@code ahead}
     * queues what goes before the start event (a stream held shut, a lead-in copy), {@code queued}
     * runs once the stop event is queued too (opening the held stream). With events only what
     * {@code work} queued lies between them; by the wall clock, {@code ahead}'s work is waited for
     * first and then {@code work} is timed as by {@link #time}.
     */
    public double time(Runnable ahead, Runnable work, Runnable queued, CudaStream stream) {
        return switch (timer) {
            case EVENTS -> {
                ahead.run();
                start.record(stream);
                work.run();
                stop.record(stream);
                queued.run();
                stop.synchronize();
                yield start.millisecondsTo(stop) / 1e3;
            }
            case WALL -> {
                ahead.run();
                queued.run();
                stream.synchronize();
                yield time(work, stream);
            }
        };
    }

    /**
     * One sample of {@code timing} on {@code stream}: held by {@code gate} (when the timing is gated;
     * {@code gate} is then not null) and preceded by one untimed copy (when it has a lead-in), then
     * {@code copies} whole copies timed together. Returns the seconds per copy: the sample's time
     * over its copies. {@code issue} queues the given number of copies on {@code stream}.
     */
    public double sample(KernelTiming timing, long bytes, StreamGate gate, IntConsumer issue, CudaStream stream) {
        int copies = timing.copiesFor(bytes);
        boolean gated = timing.gatedFor(bytes, timer);
        boolean leadIn = timing.leadInFor(bytes, timer);
        Runnable ahead = () -> {
            if (gated) {
                gate.hold(stream);
            }
            if (leadIn) {
                issue.accept(1);
            }
        };
        Runnable queued = gated ? gate::release : () -> { };
        try {
            return time(ahead, () -> issue.accept(copies), queued, stream) / copies;
        } finally {
            if (gated) {
                gate.release(); // a failure while queuing must not leave the stream held
            }
        }
    }

    static void issue(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind, boolean async, CudaStream stream) {
        if (async) {
            Memcpy.copyAsync(dst, src, bytes, kind, stream);
        } else {
            Memcpy.copy(dst, src, bytes, kind);
        }
    }
}
