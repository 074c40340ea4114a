package dev.xfer.cuda;

/** Host memory of the asked size and kind could not be had (not enough memory, or a page-locking limit). */
public final class HostAllocationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HostAllocationException(String message, Throwable cause) {
        super(message, cause);
    }
}
