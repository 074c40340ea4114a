package dev.xfer.app.cli;

import dev.xfer.app.run.Activity;
import dev.xfer.app.run.StopRequest;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a command with a time limit. The work runs on a daemon thread, so a CUDA call that never
 * returns cannot keep the process alive: past the limit the caller gets a {@link RunTimeoutException}
 * naming the activity, and the process exits with 4 while the stuck thread is abandoned.
 */
public final class Deadline {
    private Deadline() {
    }

    public static <T> T run(Callable<T> work, Duration limit, Activity activity) {
        return run(work, limit, activity, new StopRequest(), Duration.ZERO);
    }

    /**
     * {@link #run(Callable, Duration, Activity)}, but at the limit a run that is measuring is first
     * asked to {@code stop} at its next safe point and given {@code grace} to do so, so it can keep
     * and write what it measured (its own exit code is then 4 too). Only a run still busy past the
     * grace is abandoned as before.
     */
    public static <T> T run(Callable<T> work, Duration limit, Activity activity, StopRequest stop, Duration grace) {
        FutureTask<T> task = new FutureTask<>(work);
        Thread worker = new Thread(task, "xfer-run");
        worker.setDaemon(true);
        worker.start();
        try {
            return task.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            stop.request(StopRequest.Reason.TIME_LIMIT);
            if (stop.phase() != StopRequest.Phase.STARTING && grace.isPositive()) {
                try {
                    return finish(task, grace);
                } catch (TimeoutException stillBusy) {
                    // No safe point came in time: end as a run without one does.
                }
            }
            worker.interrupt();
            throw new RunTimeoutException("time limit of " + dev.xfer.app.units.Durations.format(limit)
                    + " exceeded while " + activity.now());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunTimeoutException("interrupted while " + activity.now());
        } catch (ExecutionException e) {
            throw rethrown(e);
        }
    }

    private static <T> T finish(FutureTask<T> task, Duration grace) throws TimeoutException {
        try {
            return task.get(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException();
        } catch (ExecutionException e) {
            throw rethrown(e);
        }
    }

    /** The run's own exception, as the caller of a run without a limit would see it. */
    private static RuntimeException rethrown(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(cause);
    }
}
