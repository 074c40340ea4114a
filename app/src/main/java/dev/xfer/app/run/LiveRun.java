package dev.xfer.app.run;

import dev.xfer.app.run.Activity;
import dev.xfer.app.run.StopRequest;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.output.Rendering;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A measuring command's side of its benchmark's {@link Progress} events: the activity the time
 * limit names, the status line (on a terminal), rows streamed as they are measured (as the
 * command's tally fills, {@link #kept}), and the safe points where a stop request ends the run.
 */
public final class LiveRun implements Progress, AutoCloseable {
    private final StopRequest stop;
    private final Activity activity;
    private final Optional<StatusLine> line;
    private final Optional<RowStream> stream;
    private final RunEvidence evidence;
    private Supplier<Rendering> soFar;
    private int total;
    private boolean stopped;

    LiveRun(StopRequest stop, Activity activity, Optional<StatusLine> line, Optional<RowStream> stream,
            RunEvidence evidence) {
        this.stop = stop;
        this.evidence = evidence;
        this.activity = activity;
        this.line = line;
        this.stream = stream;
        stop.enter(StopRequest.Phase.MEASURING);
    }

    @Override
    public void measuring(int done, int total, String configuration) {
        this.total = total;
        safePoint();
        // A safe point: no timed window is open, so the phase's snapshots do not fall in one.
        evidence.phase(configuration);
        activity.set("measuring " + configuration + " (" + (done + 1) + " of " + total + ")");
        line.ifPresent(l -> l.show(done, total, configuration));
    }

    @Override
    public void checkpoint() {
        safePoint();
    }

    @Override
    public void moved(int device, long toDevice, long fromDevice) {
        evidence.moved(device, toDevice, fromDevice);
    }

    /**
     * A result was just kept in the run's {@link dev.xfer.app.measure.Tally}: the rows streamed so
     * far are rendered again. The tally's {@code onKept}.
     */
    public void kept() {
        if (soFar != null) {
            stream.ifPresent(s -> s.update(soFar.get()));
        }
    }

    /**
     * How to render what was measured so far, for rows streamed as they come; a command whose
     * results only exist once its run ends (a model, speedups against one schedule) gives none.
     */
    public void streamFrom(Supplier<Rendering> rendering) {
        this.soFar = rendering;
    }

    /** Stops here when asked to: no CUDA call of this thread is in flight between configurations. */
    private void safePoint() {
        Optional<StopRequest.Reason> why = stop.reason();
        if (why.isPresent()) {
            stopped = true;
            throw new RunStopped(why.get().words());
        }
    }

    /** The stream printing rows as they come, when stdout gets CSV or JSON Lines. */
    Optional<RowStream> stream() {
        return stream;
    }

    /** The configurations the run planned, as the last event counted them. */
    int total() {
        return total;
    }

    /** Whether the run stopped at a safe point, so what it kept is incomplete. */
    boolean stopped() {
        return stopped;
    }

    /**
     * How the run ended: complete, or stopped after {@code kept} of the planned configurations (those
     * whose results are in hand: a benchmark that gives its results only as a whole loses the
     * part it was measuring).
     */
    RunEnding ending(int kept) {
        return stopped ? new RunEnding(stop.reason(), kept, total) : RunEnding.completeRun();
    }

    /** Measuring is over: the status line goes, and a signal now lets the results be written. */
    @Override
    public void close() {
        evidence.idle();
        line.ifPresent(StatusLine::close);
        stop.enter(StopRequest.Phase.FINISHING);
    }
}
