package dev.xfer.app.cli;

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
        FutureTask<T> task = new FutureTask<>(work);
        Thread worker = new Thread(task, "xfer-run");
        worker.setDaemon(true);
        worker.start();
        try {
            return task.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            worker.interrupt();
            throw new RunTimeoutException("time limit of " + dev.xfer.app.units.Durations.format(limit)
                    + " exceeded while " + activity.now());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunTimeoutException("interrupted while " + activity.now());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
