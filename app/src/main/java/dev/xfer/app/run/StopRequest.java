package dev.xfer.app.run;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether the run was asked to stop, and why: written by a signal handler or the time limit,
 * read by the measuring thread at its safe points. One per run, no static state.
 */
public final class StopRequest {
    /** Why a run stopped early; each reason has its own exit code (cli's {@code ExitCode.stopped}). */
    public enum Reason {
        SIGINT("interrupted (SIGINT)"),
        SIGTERM("terminated (SIGTERM)"),
        TIME_LIMIT("stopped by the time limit"),
        /** The reader of stdout went away (EPIPE): exit 141, as a process killed by SIGPIPE. */
        STDOUT_CLOSED("standard output closed"),
        /** Writing stdout failed otherwise (ENOSPC, /dev/full): the results cannot reach it. */
        STDOUT_FAILED("standard output failed");

        private final String words;

        Reason(String words) {
            this.words = words;
        }

        /** A few words for messages: {@code interrupted (SIGINT)}. */
        public String words() {
            return words;
        }

        /**
         * The name results files carry: {@code SIGINT}, {@code SIGTERM}, {@code time-limit},
         * {@code stdout-closed}, {@code stdout-failed}.
         */
        public String label() {
            return switch (this) {
                case SIGINT, SIGTERM -> name();
                case TIME_LIMIT -> "time-limit";
                case STDOUT_CLOSED -> "stdout-closed";
                case STDOUT_FAILED -> "stdout-failed";
            };
        }

        /** Whether a user sent it, and may send it again to end at once. */
        public boolean isSignal() {
            return this == SIGINT || this == SIGTERM;
        }

        /** Whether stdout itself stopped the run: there is no one left there to tell. */
        public boolean concernsStdout() {
            return this == STDOUT_CLOSED || this == STDOUT_FAILED;
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
