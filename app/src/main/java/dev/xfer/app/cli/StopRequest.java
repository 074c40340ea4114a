package dev.xfer.app.cli;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether the run was asked to stop, and why: written by a signal handler or the time limit,
 * read by the measuring thread at its safe points. One per run, no static state.
 */
public final class StopRequest {
    /** Why a run stopped early; each reason has its own exit code. */
    public enum Reason {
        SIGINT(ExitCode.INTERRUPTED, "interrupted (SIGINT)"),
        SIGTERM(ExitCode.TERMINATED, "terminated (SIGTERM)"),
        TIME_LIMIT(ExitCode.TIMEOUT, "stopped by the time limit");

        private final int exitCode;
        private final String words;

        Reason(int exitCode, String words) {
            this.exitCode = exitCode;
            this.words = words;
        }

        public int exitCode() {
            return exitCode;
        }

        /** A few words for messages: {@code interrupted (SIGINT)}. */
        public String words() {
            return words;
        }

        /** The name results files carry: {@code SIGINT}, {@code SIGTERM}, {@code time-limit}. */
        public String label() {
            return this == TIME_LIMIT ? "time-limit" : name();
        }
    }

    /** Where the run is: a stop before measuring may end at once, during it waits for a safe point. */
    public enum Phase { STARTING, MEASURING, FINISHING }

    private final AtomicReference<Reason> reason = new AtomicReference<>();
    private volatile Phase phase = Phase.STARTING;

    /** Asks the run to stop; true when this is the first request, false when one was made before. */
    public boolean request(Reason why) {
        return reason.compareAndSet(null, why);
    }

    public Optional<Reason> reason() {
        return Optional.ofNullable(reason.get());
    }

    public boolean requested() {
        return reason.get() != null;
    }

    public Phase phase() {
        return phase;
    }

    public void enter(Phase next) {
        phase = next;
    }
}
