package dev.xfer.app.measure;

import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * An {@link EventClock} whose window is queued behind a held stream ({@code --start gated}):
 * {@link #start()} holds the stream (StreamGate's {@code hold_stream}) and records the start event
 * behind the hold; the work is queued; {@link #stop()} records the stop event, then opens the gate
 * and waits. Nothing of the window can start before the host has queued all of it, so the host's
 * pace while queuing (launch latency, a pause of the JVM, a busy CPU) stays outside it.
 * <p>
 * The window starts at the start event, queued right behind {@code hold_stream}: it completes when
 * the spin kernel ends, the moment the device lets the work start. The host's release write and
 * the kernel's poll that sees it (a PCIe round trip) fall before it, outside the window; an event
 * recorded by the host after the release on another stream would count that latency instead, and
 * the gate's own timing would count the spin. What remains is device time from the gate's opening
 * to the end of the work, as a plain run's events measure it once the host has caught up.
 * <p>
 * {@link #stop()} opens the gate in a {@code finally}, so a failing stop event does not leave the
 * stream held; {@link #guarding} wraps the work so that a failure while it is queued opens it too
 * (and the caller owns the gate in try-with-resources, whose close opens it). When the gate had opened before
 * the stop event was queued ({@code hold_stream}'s time limit passed while the host queued: a host
 * stalled for seconds, or a run of so many operations that the driver's queue filled and a launch
 * waited for the held stream) the sample is not a gated one, and {@link #stop()} says so by throwing.
 */
public final class GatedEventClock implements SampleClock {
    private final CudaEvent start;
    private final CudaEvent stop;
    private final CudaStream stream;
    private final Consumer<CudaStream> hold;
    private final Runnable release;

    /**
     * @param hold    holds {@code stream} until {@code release} runs ({@code StreamGate::hold})
     * @param release opens every stream held ({@code StreamGate::release})
     */
    public GatedEventClock(CudaEvent start, CudaEvent stop, CudaStream stream, Consumer<CudaStream> hold,
                           Runnable release) {
        this.start = Objects.requireNonNull(start);
        this.stop = Objects.requireNonNull(stop);
        this.stream = Objects.requireNonNull(stream);
        this.hold = Objects.requireNonNull(hold);
        this.release = Objects.requireNonNull(release);
    }

    @Override
    public void start() {
        hold.accept(stream);
        start.record(stream);
    }

    @Override
    public void stop() {
        boolean openedEarly;
        try {
            stop.record(stream);
            // Still held, the start event cannot have completed; if it has, the window began while queuing.
            openedEarly = start.isComplete();
        } finally {
            release.run();
        }
        stop.synchronize();
        if (openedEarly) {
            throw new IllegalStateException("the hold_stream gate opened before the run was queued (the host stalled,"
                    + " or the driver's queue filled, past its " + StreamGate.timeoutWords() + " limit): the sample would count the host's queuing;"
                    + " use --start plain, or fewer operations per run");
        }
    }

    /**
     * {@code queue} as the work between {@link #start()} and {@link #stop()}: when it fails, the gate
     * opens at once, so the held stream does not wait out the spin kernel's time limit.
     */
    public Runnable guarding(Runnable queue) {
        Objects.requireNonNull(queue);
        return () -> {
            boolean queued = false;
            try {
                queue.run();
                queued = true;
            } finally {
                if (!queued) {
                    release.run();
                }
            }
        };
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
