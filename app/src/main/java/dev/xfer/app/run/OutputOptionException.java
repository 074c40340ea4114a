package dev.xfer.app.run;

/**
 * An output option that cannot be used as given: a path that cannot be written, two outputs to
 * one place, an output that is also an input, or a report that would replace an xfer document.
 * A usage error (exit 2), reported as its message alone.
 */
public final class OutputOptionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OutputOptionException(String message) {
        super(message);
    }
}
