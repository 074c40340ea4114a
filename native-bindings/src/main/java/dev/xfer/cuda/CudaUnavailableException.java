package dev.xfer.cuda;

/**
 * CUDA cannot be used here at all: no libcudart was found or it could not be loaded. The message
 * says what is missing and what to do about it.
 */
public final class CudaUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CudaUnavailableException(String message) {
        super(message);
    }

    public CudaUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
