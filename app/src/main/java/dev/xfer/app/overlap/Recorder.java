package dev.xfer.app.overlap;

import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Timing events around the operations of one recorded iteration, read against one reference
 * event; every event is destroyed by {@link #close()}.
 */
public final class Recorder implements AutoCloseable {
    private record Pending(int stream, int chunk, TimedOp.Stage stage, CudaEvent begin, CudaEvent end) {
    }

    private final CudaDevice device;
    private final CudaEvent reference;
    private final List<CudaEvent> events = new ArrayList<>();
    private final List<Pending> pending = new ArrayList<>();

    /**
     * Records the reference event on {@code on} now: it must start no later than the operations
     * issued afterwards (the legacy stream ahead of blocking streams, or a stream while all are idle).
     */
    public Recorder(CudaDevice device, CudaStream on) {
        this.device = device;
        this.reference = event();
        reference.record(on);
    }

    private CudaEvent event() {
        CudaEvent e = CudaEvent.timing(device);
        events.add(e);
        return e;
    }

    /** Records an event on {@code stream} before and after what {@code issue} enqueues there. */
    public void around(int stream, int chunk, TimedOp.Stage stage, CudaStream on, Runnable issue) {
        CudaEvent begin = event();
        CudaEvent end = event();
        begin.record(on);
        issue.run();
        end.record(on);
        pending.add(new Pending(stream, chunk, stage, begin, end));
    }

    /** Waits for the iteration, then reads every operation's times in microseconds from the reference. */
    public List<TimedOp> ops() {
        List<TimedOp> ops = new ArrayList<>();
        for (Pending p : pending) {
            p.end().synchronize();
            double start = Math.max(0, reference.millisecondsTo(p.begin()) * 1e3);
            double end = Math.max(start, reference.millisecondsTo(p.end()) * 1e3);
            ops.add(new TimedOp(p.stream(), p.chunk(), p.stage(), start, end));
        }
        return ops;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (CudaEvent e : events) {
            try {
                e.close();
            } catch (RuntimeException ex) {
                if (first == null) {
                    first = ex;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
