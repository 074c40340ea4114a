package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Device memory from {@code cudaMalloc}, freed exactly once by {@link #close()}. */
public final class DeviceBuffer implements AutoCloseable {
    private final CudaDevice device;
    private final long bytes;
    private MemorySegment pointer;

    private DeviceBuffer(CudaDevice device, long bytes, MemorySegment pointer) {
        this.device = device;
        this.bytes = bytes;
        this.pointer = pointer;
    }

    /**
     * Allocates {@code bytes} on {@code device} (made current on this thread).
     *
     * @throws CudaException cudaErrorMemoryAllocation when the device has not enough free memory
     */
    public static DeviceBuffer allocate(CudaDevice device, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("device buffer size must be positive: " + bytes);
        }
        device.makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Check.check(cudart.cudaMalloc(out, bytes), "cudaMalloc(" + bytes + " bytes)");
            return new DeviceBuffer(device, bytes, out.get(ValueLayout.ADDRESS, 0));
        }
    }

    public CudaDevice device() {
        return device;
    }

    public long bytes() {
        return bytes;
    }

    /** The device address (not dereferenceable from the host). */
    public MemorySegment address() {
        return live();
    }

    /** The device address {@code offset} bytes in. */
    public MemorySegment address(long offset) {
        if (offset < 0 || offset > bytes) {
            throw new IndexOutOfBoundsException("offset " + offset + " outside device buffer of " + bytes + " bytes");
        }
        return MemorySegment.ofAddress(live().address() + offset);
    }

    /** Sets every byte to {@code value}, ordered with the other work on {@code stream}. */
    public void fillAsync(int value, CudaStream stream) {
        Check.check(cudart.cudaMemsetAsync(live(), value, bytes, stream.handle()), "cudaMemsetAsync(" + bytes + " bytes)");
    }

    private MemorySegment live() {
        if (pointer == null) {
            throw new IllegalStateException("device buffer already freed");
        }
        return pointer;
    }

    @Override
    public void close() {
        if (pointer != null) {
            MemorySegment p = pointer;
            pointer = null;
            Check.check(cudart.cudaFree(p), "cudaFree(" + bytes + " bytes)");
        }
    }
}
