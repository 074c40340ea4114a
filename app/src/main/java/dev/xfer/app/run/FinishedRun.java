package dev.xfer.app.run;

import java.util.Optional;

/**
 * How a measuring run came out, once its results are written: stopped early (a signal, the time
 * limit, stdout gone), or complete with every check and expectation {@code passed} or not. The
 * command line turns it into the exit code (cli's {@code ExitCode.of}); run/ names no exit codes.
 * {@code disturbed}: a GPU's evidence found something that can explain the figures (a failed check
 * then means re-run, not broken).
 */
public record FinishedRun(Optional<StopRequest.Reason> stoppedBy, boolean passed, boolean disturbed) {
    public FinishedRun(Optional<StopRequest.Reason> stoppedBy, boolean passed) {
        this(stoppedBy, passed, false);
    }

    public static FinishedRun stopped(StopRequest.Reason reason) {
        return new FinishedRun(Optional.of(reason), false);
    }

    public static FinishedRun complete(boolean passed) {
        return new FinishedRun(Optional.empty(), passed);
    }

    /** This run, its GPUs' evidence having found a disturbance ({@code disturbed}) or not. */
    public FinishedRun withDisturbed(boolean disturbed) {
        return new FinishedRun(stoppedBy, passed, disturbed);
    }
}
