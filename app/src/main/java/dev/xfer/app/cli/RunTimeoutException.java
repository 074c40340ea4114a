package dev.xfer.app.cli;

/** A run went past its --timeout; the message says where it was. Exit code 4. */
public final class RunTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RunTimeoutException(String message) {
        super(message);
    }
}
