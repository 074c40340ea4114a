package dev.xfer.app.run;

/**
 * An option the run cannot use as given, found below the command line: an output path that
 * cannot be written, two outputs to one place, an output that is also an input, a report that
 * would replace an xfer document, or a plan the device cannot run (--blocks against its SM count,
 * --copy kernel with no memory it can reach). A usage error (exit 2), reported as its message
 * alone, as the command line's own usage errors are.
 */
public final class UnusableOptionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnusableOptionException(String message) {
        super(message);
    }
}
