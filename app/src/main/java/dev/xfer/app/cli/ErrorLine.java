package dev.xfer.app.cli;

import dev.xfer.app.expect.ExpectationException;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.run.UnusableOptionException;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaUnavailableException;
import dev.xfer.cuda.HostAllocationException;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.host.PlacementException;

import java.io.PrintWriter;

/**
 * Turns a failure into one line on stderr and an exit code. Stack traces only with --verbose:
 * a user who passed a bad size needs the size named, not a Java backtrace.
 */
public final class ErrorLine {
    /**
     * The line for an {@link OutOfMemoryError}: the Java heap (its size from XFER_JAVA_OPTS, -Xmx)
     * or other JVM memory ran out. A constant, so printing it after the error allocates little.
     */
    public static final String OUT_OF_JAVA_MEMORY = "xfer: out of memory: the Java heap is too small for this"
            + " (raise it with XFER_JAVA_OPTS=-Xmx..., or give smaller input)";

    /** {@link #OUT_OF_JAVA_MEMORY} with what showed it: {@code xfer: out of memory: the Java heap is too small for this: <why> (raise ...)}. */
    public static String outOfJavaMemory(String why) {
        return "xfer: out of memory: the Java heap is too small for this: " + why
                + " (raise it with XFER_JAVA_OPTS=-Xmx..., or give smaller input)";
    }

    private ErrorLine() {
    }

    /** The exit code for {@code failure}. */
    public static int exitCode(Throwable failure) {
        return switch (failure) {
            case UsageException e -> ExitCode.USAGE;
            case UnusableOptionException e -> ExitCode.USAGE;
            case ExpectationException e -> ExitCode.USAGE;
            case CudaUnavailableException e -> ExitCode.CUDA_UNAVAILABLE;
            case HostAllocationException e -> ExitCode.OUT_OF_MEMORY;
            case InsufficientDeviceMemoryException e -> ExitCode.OUT_OF_MEMORY;
            case CudaException e when e.error().meansCudaUnavailable() -> ExitCode.CUDA_UNAVAILABLE;
            case CudaException e when e.error().meansOutOfMemory() -> ExitCode.OUT_OF_MEMORY;
            case RunTimeoutException e -> ExitCode.TIMEOUT;
            case OutOfMemoryError e -> ExitCode.OUT_OF_MEMORY;
            default -> ExitCode.INTERNAL;
        };
    }

    /** The one line printed for {@code failure} in a run without {@code --verbose}. */
    public static String line(Throwable failure) {
        return line(failure, false);
    }

    /**
     * The one line printed for {@code failure}; with {@code verbose} the stack trace follows it, so
     * the line does not send the user to an option they already gave.
     */
    public static String line(Throwable failure, boolean verbose) {
        return switch (failure) {
            case CudaException e when e.error().meansCudaUnavailable() ->
                    "xfer: CUDA is not usable here: " + shown(e.getMessage()) + hint(e.error().name());
            case CudaException e when e.error().meansOutOfMemory() ->
                    "xfer: out of memory: " + e.getMessage() + ": try a smaller --size";
            // Its message quotes paths from the environment (XFER_CUDART): shown escaped, as document text is.
            case CudaUnavailableException e -> "xfer: CUDA is not usable here: " + shown(e.getMessage());
            case HostAllocationException e -> "xfer: out of host memory: " + e.getMessage();
            case InsufficientDeviceMemoryException e -> "xfer: out of device memory: " + e.getMessage();
            case UsageException e -> "xfer: " + e.getMessage();
            case UnusableOptionException e -> "xfer: " + e.getMessage();
            case ExpectationException e -> "xfer: " + String.join("\nxfer: ", e.problems());
            case RunTimeoutException e -> "xfer: " + e.getMessage();
            case CudaException e -> "xfer: CUDA call failed: " + e.getMessage();
            case java.io.UncheckedIOException e -> "xfer: " + e.getMessage();
            case OutOfMemoryError e -> OUT_OF_JAVA_MEMORY;
            case PlacementException e -> "xfer: cannot place host memory or the measuring thread: " + e.getMessage();
            default -> "xfer: internal error: " + failure + (verbose ? "" : " (run with --verbose for the stack trace)");
        };
    }

    /**
     * A message that quotes the environment (a path from XFER_CUDART) with its control characters
     * escaped ({@link TerminalText}), line by line: its own line breaks stay for whoever joins them.
     */
    private static String shown(String message) {
        return message == null ? "null" : String.join("\n", java.util.Arrays.stream(message.split("\n", -1))
                .map(TerminalText::sentence).toList());
    }

    private static String hint(String errorName) {
        return switch (errorName) {
            case "cudaErrorInsufficientDriver" ->
                    " (no NVIDIA driver found, or one older than this CUDA runtime: install or update the NVIDIA driver,"
                            + " or pass --cudart with an older libcudart)";
            case "cudaErrorNoDevice" -> " (no NVIDIA GPU is visible: check nvidia-smi and CUDA_VISIBLE_DEVICES)";
            case "cudaErrorInvalidDevice" -> " (see xfer devices for the valid indices)";
            default -> "";
        };
    }

    /** Prints the line, and the stack trace when {@code verbose}; returns the exit code. */
    public static int report(Throwable failure, PrintWriter err, boolean verbose) {
        err.println(line(failure, verbose));
        if (verbose) {
            failure.printStackTrace(err);
        }
        err.flush();
        return exitCode(failure);
    }
}
