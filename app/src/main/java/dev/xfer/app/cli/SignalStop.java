package dev.xfer.app.cli;

import dev.xfer.app.run.StopRequest;
import sun.misc.Signal;

import java.io.PrintWriter;

/**
 * SIGINT and SIGTERM as requests to stop at the next safe point, so what was measured is kept.
 * <p>
 * Why {@code sun.misc.Signal} (module jdk.unsupported) and not a shutdown hook: a hook runs
 * once the JVM has begun to exit, cannot tell SIGINT from SIGTERM in its exit code, and a second
 * Ctrl-C during it does nothing, so a user could not end a run that hangs. A handler sees each
 * signal, so the first asks for a stop and the second ends the process at once.
 */
public final class SignalStop {
    private SignalStop() {
    }

    /** Installs the handlers for this process; call once, from {@code main} only (they are process-wide). */
    public static void install(StopRequest stop, PrintWriter err) {
        handle("INT", StopRequest.Reason.SIGINT, stop, err);
        handle("TERM", StopRequest.Reason.SIGTERM, stop, err);
    }

    private static void handle(String name, StopRequest.Reason reason, StopRequest stop, PrintWriter err) {
        try {
            Signal.handle(new Signal(name), signal -> onSignal(reason, stop, err));
        } catch (IllegalArgumentException e) {
            // The JVM keeps this signal for itself (e.g. -Xrs): its default action stays.
        }
    }

    private static void onSignal(StopRequest.Reason reason, StopRequest stop, PrintWriter err) {
        if (!stop.request(reason)) {
            // A second signal, or one after stdout failed: the user does not want to wait for a safe point.
            boolean again = stop.reason().map(StopRequest.Reason::isSignal).orElse(false);
            err.println("xfer: " + reason.label() + (again ? " again" : "") + ": ending at once, nothing more is written");
            err.flush();
            Runtime.getRuntime().halt(ExitCode.stopped(reason));
        }
        switch (stop.phase()) {
            case STARTING -> {
                // Nothing measured yet (a measuring command) or nothing judged yet (fleet, compare and
                // plot stay in this phase): no result is complete, nothing to keep. Words true of both.
                err.println("xfer: " + reason.words() + ": stopped before any result was complete; nothing is kept");
                err.flush();
                Runtime.getRuntime().halt(ExitCode.stopped(reason));
            }
            case MEASURING, FINISHING -> {
                // The measuring thread stops at its next safe point and says so (the status line at
                // once, on a terminal); while finishing, every result is in and being written.
            }
        }
    }
}
