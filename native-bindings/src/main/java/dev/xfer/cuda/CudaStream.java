package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A CUDA stream, destroyed exactly once by {@link #close()}; or the legacy default stream, never destroyed. */
public final class CudaStream implements AutoCloseable {
    private final boolean owned;
    private MemorySegment handle;

    private CudaStream(MemorySegment handle, boolean owned) {
        this.handle = handle;
        this.owned = owned;
    }

    /**
     * Creates a stream on {@code device}. Non-blocking streams do not synchronize with the legacy
     * default stream, so work on them can overlap with work issued there.
     */
    public static CudaStream create(CudaDevice device, boolean nonBlocking) {
        device.makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            int flags = nonBlocking ? cudart.cudaStreamNonBlocking() : cudart.cudaStreamDefault();
            Check.check(cudart.cudaStreamCreateWithFlags(out, flags), "cudaStreamCreateWithFlags");
            return new CudaStream(out.get(ValueLayout.ADDRESS, 0), true);
        }
    }

    /** The legacy default (NULL) stream of the current device, as async.cu's sequential version uses. */
    public static CudaStream legacyDefault() {
        return new CudaStream(MemorySegment.NULL, false);
    }

    public MemorySegment handle() {
        if (handle == null) {
            throw new IllegalStateException("stream already destroyed");
        }
        return handle;
    }

    /** Blocks until all work on this stream is done. */
    public void synchronize() {
        Check.check(cudart.cudaStreamSynchronize(handle()), "cudaStreamSynchronize");
    }

    /** Whether all work on this stream is done, without waiting. */
    public boolean isIdle() {
        int rc = cudart.cudaStreamQuery(handle());
        if (rc == Check.NOT_READY) {
            return false;
        }
        Check.check(rc, "cudaStreamQuery");
        return true;
    }

    /** Makes later work on this stream wait for {@code event}. */
    public void waitFor(CudaEvent event) {
        Check.check(cudart.cudaStreamWaitEvent(handle(), event.handle(), 0), "cudaStreamWaitEvent");
    }

    @Override
    public void close() {
        if (owned && handle != null) {
            MemorySegment h = handle;
            handle = null;
            Check.check(cudart.cudaStreamDestroy(h), "cudaStreamDestroy");
        }
    }
}
