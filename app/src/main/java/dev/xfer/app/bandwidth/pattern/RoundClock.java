package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.measure.StreamGate;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.ArrayList;
import java.util.List;

/**
 * A round's clock on the measured GPU, and what makes the round's copies start together although
 * they are queued one after another, on several GPUs: the clock stream is held by the run's
 * {@link StreamGate} ({@code hold_stream}, as nvbandwidth holds its streams behind a spin kernel)
 * and records the {@link #open()} event behind the hold; every copy's stream waits for that event
 * before its start event and its copy. Once all copies are queued, {@link #openAndJoin} releases
 * the gate: the copies start at the opening, which the host made only after queuing the last of
 * them, so every counted iteration started all copies together by construction. The one way that
 * fails, {@code hold_stream} giving up after its time limit while the host was still queuing (a
 * host stalled for seconds), is caught: the opening had completed before the release, and the
 * iteration throws rather than count a start that was not together.
 * <p>
 * The clock stream then waits for every copy's end event, recording {@code timedEnd} after the
 * timed copies and {@code allEnd} after all, so the round's times are spans on one GPU's clock,
 * from the opening: as nvbandwidth's total bandwidth is measured on its first stream.
 */
final class RoundClock implements AutoCloseable {
    /** One iteration's spans: the measured figure's seconds, and the opening to the last end of any copy. */
    record Spans(double timedSeconds, double allSeconds) {
    }

    private final CudaDevice device;
    private final StreamGate gate;
    private final CudaStream stream;
    private final CudaEvent open;
    private final CudaEvent timedEnd;
    private final CudaEvent allEnd;

    private RoundClock(CudaDevice device, StreamGate gate, CudaStream stream, CudaEvent open, CudaEvent timedEnd,
                       CudaEvent allEnd) {
        this.device = device;
        this.gate = gate;
        this.stream = stream;
        this.open = open;
        this.timedEnd = timedEnd;
        this.allEnd = allEnd;
    }

    /** A clock stream and its three events on {@code device}, held by {@code gate} (the run's, not closed here). */
    static RoundClock on(CudaDevice device, StreamGate gate) {
        List<AutoCloseable> made = new ArrayList<>();
        try {
            CudaStream stream = CudaStream.create(device, true);
            made.add(stream);
            CudaEvent open = CudaEvent.timing(device);
            made.add(open);
            CudaEvent timedEnd = CudaEvent.timing(device);
            made.add(timedEnd);
            return new RoundClock(device, gate, stream, open, timedEnd, CudaEvent.timing(device));
        } catch (RuntimeException | Error e) {
            for (AutoCloseable m : made.reversed()) {
                try {
                    m.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** Holds the clock stream and queues the opening behind the hold; copies queued after this wait for {@link #open()}. */
    void shut() {
        device.makeCurrent();
        gate.hold(stream);
        open.record(stream);
    }

    /** The event every copy's stream waits for: the moment they may all start. */
    CudaEvent open() {
        return open;
    }

    /** Opens the gate without waiting: for a failure while the copies were queued. */
    void release() {
        gate.release();
    }

    /**
     * Opens the gate once every copy of {@code round} is queued, then the clock stream waits for
     * every copy (timed ones first) and the host for it: the iteration is over.
     *
     * @throws IllegalStateException when the gate had opened before the release ({@code hold_stream}'s limit)
     */
    Spans openAndJoin(RoundResources round) {
        boolean openedEarly;
        try {
            // Still held, the opening cannot have completed; if it has, the copies may have started apart.
            openedEarly = open.isComplete();
        } finally {
            gate.release();
        }
        join(round);
        if (openedEarly) {
            throw new IllegalStateException("the pattern's hold_stream gate on GPU " + device.index() + " opened before"
                    + " its copies were queued (the host stalled past its " + StreamGate.timeoutWords()
                    + " limit): the copies did not start together");
        }
        return new Spans(timedSeconds(round), open.millisecondsTo(allEnd) / 1e3);
    }

    private void join(RoundResources round) {
        device.makeCurrent();
        for (RoundResources.Copy c : round.timed()) {
            stream.waitFor(c.end());
        }
        timedEnd.record(stream);
        for (int i = 0; i < round.size(); i++) {
            if (!round.copy(i).planned().timed()) {
                stream.waitFor(round.copy(i).end());
            }
        }
        allEnd.record(stream);
        allEnd.synchronize();
    }

    /**
     * The measured time of the last iteration: the one timed copy's own events (nvbandwidth's
     * figure for host patterns), or, with several, the opening to the last timed end.
     */
    private double timedSeconds(RoundResources round) {
        List<RoundResources.Copy> timed = round.timed();
        if (timed.size() == 1) {
            return timed.getFirst().start().millisecondsTo(timed.getFirst().end()) / 1e3;
        }
        return open.millisecondsTo(timedEnd) / 1e3;
    }

    @Override
    public void close() {
        device.makeCurrent();
        try {
            allEnd.close();
            timedEnd.close();
            open.close();
        } finally {
            stream.close();
        }
    }
}
