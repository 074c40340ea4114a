package dev.xfer.cuda;

/**
 * A CUDA runtime call returned an error. The message names the call and its key arguments, the
 * error's enum name and the runtime's description, e.g.
 * {@code cudaMalloc(17179869184 bytes): cudaErrorMemoryAllocation: out of memory}.
 */
public final class CudaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final CudaError error;

    public CudaException(String call, CudaError error) {
        super(call + ": " + error);
        this.call = call;
        this.error = error;
    }

    /** The failed call as written in the message, e.g. {@code cudaMalloc(1024 bytes)}. */
    public String call() {
        return call;
    }

    public CudaError error() {
        return error;
    }
}
