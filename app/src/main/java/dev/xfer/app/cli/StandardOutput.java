package dev.xfer.app.cli;

import dev.xfer.app.run.StopRequest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The process's stdout as a stream that notices when writing it fails, which {@code System.out}
 * (a PrintStream) hides. A closed pipe (EPIPE: {@code xfer ... | head -2} once head has gone)
 * asks the run to stop at its next safe point, quietly, exit 141; any other failure (ENOSPC,
 * {@code > /dev/full}) prints one line on stderr and stops it too, exit 70. Either way later
 * writes are dropped, so the run can still free the GPU and write its files.
 */
public final class StandardOutput extends OutputStream {
    private final OutputStream out;
    private final StopRequest stop;
    private final PrintWriter err;
    private volatile boolean failed;

    /**
     * @param out  the file descriptor's own stream, unbuffered (a {@code FileOutputStream} on fd 1)
     * @param stop the run's stop request, asked when a write fails
     * @param err  where the one line for a failure other than a closed pipe goes
     */
    public StandardOutput(OutputStream out, StopRequest stop, PrintWriter err) {
        this.out = Objects.requireNonNull(out, "out");
        this.stop = Objects.requireNonNull(stop, "stop");
        this.err = Objects.requireNonNull(err, "err");
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        if (failed) {
            return;
        }
        try {
            out.write(bytes, offset, length);
        } catch (IOException e) {
            fail(e);
        }
    }

    @Override
    public void flush() {
        if (failed) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    /** Whether a write failed; what came after it was dropped. */
    public boolean failed() {
        return failed;
    }

    private void fail(IOException e) {
        failed = true;
        if (closedPipe(e)) {
            stop.request(StopRequest.Reason.STDOUT_CLOSED);
        } else {
            stop.request(StopRequest.Reason.STDOUT_FAILED);
            err.println("xfer: cannot write standard output: " + e.getMessage());
            err.flush();
        }
    }

    // The JDK reports write(2)'s errno only as strerror's text; EPIPE's is "Broken pipe" (glibc,
    // musl), and the JVM ignores SIGPIPE, so this is how a closed pipe shows.
    // A closed stdout (`xfer --help >&-`, EBADF) has no reader either: the same quiet exit 141,
    // never an internal error.
    private static boolean closedPipe(IOException e) {
        return e.getMessage() != null && (e.getMessage().contains("Broken pipe") || e.getMessage().contains("Bad file descriptor"));
    }
}
