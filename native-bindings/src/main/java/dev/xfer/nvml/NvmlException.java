package dev.xfer.nvml;

/**
 * An NVML call returned something other than {@code NVML_SUCCESS}. The message names the call
 * and the code, e.g. {@code nvmlDeviceGetPcieReplayCounter: NVML_ERROR_NOT_SUPPORTED (Not Supported)}.
 */
public final class NvmlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final NvmlError error;

    public NvmlException(String call, NvmlError error) {
        super(call + ": " + error);
        this.call = call;
        this.error = error;
    }

    /** The failed call as written in the message, e.g. {@code nvmlDeviceGetClockInfo(NVML_CLOCK_SM)}. */
    public String call() {
        return call;
    }

    public NvmlError error() {
        return error;
    }
}
