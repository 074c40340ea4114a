package dev.xfer.app.overlap;

import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Timing events around the operations of one recorded iteration, read against one reference
 * event; every event is destroyed by {@link #close()}. All events are created before anything is
 * issued, and the reference waits behind StreamGate's {@code hold_stream}, which the caller opens
 * once the iteration is queued, so the host's issuing is done before the device starts: the
 * recording shows the device's schedule, not the host's pace.
 */
public final class Recorder implements AutoCloseable {
    private record Pending(int stream, int chunk, TimedOp.Stage stage, CudaEvent begin, CudaEvent end) {
    }

    private final List<CudaEvent> events = new ArrayList<>();
    private final CudaEvent reference;
    private final List<Pending> pending = new ArrayList<>();
    private int used = 1;

    /**
     * Creates the events for {@code operations} operations, holds {@code on} with {@code hold}
     * ({@code hold_stream} through a StreamGate), then records the reference event there; every
     * stream in {@code streams} waits for it, so nothing issued afterwards starts before it. The
     * gate waits for its release rather than for a time: an operation that waits on the host for
     * the held stream (a synchronous copy) must open it first.
     */
    public Recorder(CudaDevice device, int operations, CudaStream on, Runnable hold, List<CudaStream> streams) {
        try {
            for (int i = 0; i < 1 + 2 * operations; i++) {
                events.add(CudaEvent.timing(device));
            }
            reference = events.getFirst();
            hold.run();
            reference.record(on);
            for (CudaStream s : streams) {
                s.waitFor(reference);
            }
        } catch (RuntimeException e) {
            // The caller's try-with-resources never sees this object: free what was created.
            close();
            throw e;
        }
    }

    private CudaEvent event() {
        if (used == events.size()) {
            throw new IllegalStateException("more operations recorded than the " + (events.size() - 1) / 2 + " announced");
        }
        return events.get(used++);
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
