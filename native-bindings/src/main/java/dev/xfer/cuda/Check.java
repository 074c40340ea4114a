package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.MemorySegment;

/**
 * Turns CUDA runtime return codes into exceptions. Callers build the call description only on
 * the failure path, so checking costs one comparison on the hot path of a copy loop.
 */
final class Check {
    static final int SUCCESS = cudart.cudaSuccess();
    /** Returned by queries (cudaEventQuery, cudaStreamQuery) for work still in flight: not an error. */
    static final int NOT_READY = cudart.cudaErrorNotReady();

    private Check() {
    }

    /** Throws a {@link CudaException} naming {@code call} unless {@code rc} is cudaSuccess. */
    static void check(int rc, String call) {
        if (rc != SUCCESS) {
            throw failure(rc, call);
        }
    }

    static CudaException failure(int rc, String call) {
        // A failed call can leave a sticky error; reading it clears the non-sticky ones so the next
        // call's code is its own.
        cudart.cudaGetLastError();
        return new CudaException(call, describe(rc));
    }

    static CudaError describe(int rc) {
        return new CudaError(rc, cString(cudart.cudaGetErrorName(rc)), cString(cudart.cudaGetErrorString(rc)));
    }

    // Restricted by design: a C string from libcudart has no length; 4096 bytes bound the read.
    @SuppressWarnings("restricted")
    static String cString(MemorySegment pointer) {
        if (pointer.equals(MemorySegment.NULL)) {
            return "(null)";
        }
        return pointer.reinterpret(4096).getString(0);
    }
}
