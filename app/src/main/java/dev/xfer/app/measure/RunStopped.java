package dev.xfer.app.measure;

/**
 * Thrown at a {@link Progress} safe point when the run was asked to stop (SIGINT, SIGTERM, the
 * time limit): it unwinds the benchmark, whose try-with-resources free what it allocated. The
 * results already appended to the command's {@link Tally} are kept: the command reads it as a
 * normal end would.
 */
public final class RunStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RunStopped(String why) {
        super(why, null, false, false);
    }
}
