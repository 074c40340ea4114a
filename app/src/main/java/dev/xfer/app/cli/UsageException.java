package dev.xfer.app.cli;

/** Options that parse but do not make sense together or are out of range; exit code 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
