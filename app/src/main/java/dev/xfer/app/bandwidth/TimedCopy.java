package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.EventClock;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;

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

    static void issue(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind, boolean async, CudaStream stream) {
        if (async) {
            Memcpy.copyAsync(dst, src, bytes, kind, stream);
        } else {
            Memcpy.copy(dst, src, bytes, kind);
        }
    }
}
