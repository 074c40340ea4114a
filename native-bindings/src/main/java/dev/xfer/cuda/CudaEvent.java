package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A CUDA event, destroyed exactly once by {@link #close()}. */
public final class CudaEvent implements AutoCloseable {
    private MemorySegment handle;

    private CudaEvent(MemorySegment handle) {
        this.handle = handle;
    }

    /** An event that records time, for measuring. */
    public static CudaEvent timing(CudaDevice device) {
        return create(device, cudart.cudaEventDefault());
    }

    /** An event only for ordering and completion, cheaper to record. */
    public static CudaEvent ordering(CudaDevice device) {
        return create(device, cudart.cudaEventDisableTiming());
    }

    private static CudaEvent create(CudaDevice device, int flags) {
        device.makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Check.check(cudart.cudaEventCreateWithFlags(out, flags), "cudaEventCreateWithFlags");
            return new CudaEvent(out.get(ValueLayout.ADDRESS, 0));
        }
    }

    MemorySegment handle() {
        if (handle == null) {
            throw new IllegalStateException("event already destroyed");
        }
        return handle;
    }

    public void record(CudaStream stream) {
        Check.check(cudart.cudaEventRecord(handle(), stream.handle()), "cudaEventRecord");
    }

    public void synchronize() {
        Check.check(cudart.cudaEventSynchronize(handle()), "cudaEventSynchronize");
    }

    /** Whether the work before the last record has finished, without waiting. */
    public boolean isComplete() {
        int rc = cudart.cudaEventQuery(handle());
        if (rc == Check.NOT_READY) {
            return false;
        }
        Check.check(rc, "cudaEventQuery");
        return true;
    }

    /** Milliseconds from this event to {@code end}, both recorded and complete (about 0.5 us resolution). */
    public float millisecondsTo(CudaEvent end) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_FLOAT);
            Check.check(cudart.cudaEventElapsedTime(out, handle(), end.handle()), "cudaEventElapsedTime");
            return out.get(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    @Override
    public void close() {
        if (handle != null) {
            MemorySegment h = handle;
            handle = null;
            Check.check(cudart.cudaEventDestroy(h), "cudaEventDestroy");
        }
    }
}
