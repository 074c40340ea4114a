package dev.xfer.cuda;

/**
 * A CUDA runtime error code with the runtime's own name and description for it.
 *
 * @param code        the numeric {@code cudaError_t}
 * @param name        the enum name, e.g. {@code cudaErrorMemoryAllocation}
 * @param description the runtime's one-line description, e.g. {@code out of memory}
 */
public record CudaError(int code, String name, String description) {

    /** Errors that mean "CUDA cannot be used on this machine" rather than "this call went wrong". */
    public boolean meansCudaUnavailable() {
        return switch (name) {
            case "cudaErrorNoDevice", "cudaErrorInsufficientDriver", "cudaErrorInvalidDevice",
                 "cudaErrorStubLibrary", "cudaErrorSystemDriverMismatch", "cudaErrorCompatNotSupportedOnDevice",
                 "cudaErrorDevicesUnavailable", "cudaErrorInitializationError", "cudaErrorSystemNotReady",
                 "cudaErrorCallRequiresNewerDriver", "cudaErrorUnsupportedPtxVersion" -> true;
            default -> false;
        };
    }

    /** Out-of-memory on the device or for page-locked host memory. */
    public boolean meansOutOfMemory() {
        return name.equals("cudaErrorMemoryAllocation");
    }

    @Override
    public String toString() {
        return name + ": " + description;
    }
}
