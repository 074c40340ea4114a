package dev.xfer.app.cli;

import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.StopRequest;

/** Process exit codes; each means one thing for every command (README, "Exit codes"). */
public final class ExitCode {
    /** Ran; every check and expectation met. */
    public static final int OK = 0;
    /** Ran, but a check failed: wrong data, error above tolerance, unmet expectation. */
    public static final int CHECK_FAILED = 1;
    /** Bad option, size or count. */
    public static final int USAGE = 2;
    /** CUDA not usable here: no libcudart, no driver, no device, device index out of range. */
    public static final int CUDA_UNAVAILABLE = 3;
    /** A run exceeded its time limit. */
    public static final int TIMEOUT = 4;
    /** Not enough device or host memory for what was asked. */
    public static final int OUT_OF_MEMORY = 5;
    /**
     * Measured while disturbed: a check failed on a GPU whose evidence shows foreign link traffic,
     * a foreign process, throttling, a link retrain or replays. Nothing was judged: re-run.
     */
    public static final int DISTURBED = 6;
    /** A CUDA call failed in a way that is not one of the above, or xfer itself failed. */
    public static final int INTERNAL = 70;
    /**
     * Stdout's reader went away (a closed pipe, EPIPE): the run stopped at a safe point and kept its
     * files, marked incomplete; 128 + SIGPIPE, what a shell shows for a process SIGPIPE killed.
     */
    public static final int STDOUT_CLOSED = 141;
    /** Interrupted by SIGINT (Ctrl-C); what was measured is kept, marked incomplete. */
    public static final int INTERRUPTED = 130;
    /** Ended by SIGTERM; what was measured is kept, marked incomplete. */
    public static final int TERMINATED = 143;

    private ExitCode() {
    }

    /**
     * The exit code of a run that {@code reason} stopped early: 130, 143, 4, 141, or 70 when
     * writing stdout failed otherwise (ENOSPC, /dev/full).
     */
    public static int stopped(StopRequest.Reason reason) {
        return switch (reason) {
            case SIGINT -> INTERRUPTED;
            case SIGTERM -> TERMINATED;
            case TIME_LIMIT -> TIMEOUT;
            case STDOUT_CLOSED -> STDOUT_CLOSED;
            case STDOUT_FAILED -> INTERNAL;
        };
    }

    /**
     * The exit code of a run that ended: its stop's, else 0 when every check and expectation
     * passed, else 6 when a GPU was disturbed, else 1.
     */
    public static int of(FinishedRun run) {
        return run.stoppedBy().map(ExitCode::stopped).orElse(run.passed() ? OK : run.disturbed() ? DISTURBED : CHECK_FAILED);
    }
}
