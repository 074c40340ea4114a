package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

/** The {@code cudaMemcpyKind} of a copy. */
public enum CopyKind {
    HOST_TO_DEVICE(cudart.cudaMemcpyHostToDevice()),
    DEVICE_TO_HOST(cudart.cudaMemcpyDeviceToHost()),
    DEVICE_TO_DEVICE(cudart.cudaMemcpyDeviceToDevice()),
    HOST_TO_HOST(cudart.cudaMemcpyHostToHost());

    private final int code;

    CopyKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
