package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudaDeviceProp;
import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One GPU, by runtime index. Calls that act on "the current device" make this one current on the
 * calling thread first, because the runtime keeps the current device per thread.
 */
public final class CudaDevice {
    /** cudaDeviceProp.name is the struct's first field, 256 chars, in every runtime version. */
    private static final int NAME_LENGTH = 256;
    /** Larger than cudaDeviceProp in CUDA 12 and 13, so an older or newer runtime cannot write past it. */
    private static final int DEVICE_PROP_BYTES = 8192;

    private final int index;

    CudaDevice(int index) {
        this.index = index;
    }

    public int index() {
        return index;
    }

    /** Makes this the calling thread's current device. */
    public void makeCurrent() {
        Check.check(cudart.cudaSetDevice(index), "cudaSetDevice(" + index + ")");
    }

    public int attribute(DeviceAttribute attribute) {
        return CudaRuntime.readInt(out -> cudart.cudaDeviceGetAttribute(out, attribute.code(), index),
                "cudaDeviceGetAttribute(" + attribute + ", device " + index + ")");
    }

    /** The marketing name, e.g. {@code NVIDIA H200}. */
    public String name() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment prop = arena.allocate(DEVICE_PROP_BYTES, 16);
            Check.check(cudart.cudaGetDeviceProperties(prop, index), "cudaGetDeviceProperties(device " + index + ")");
            return prop.asSlice(0, NAME_LENGTH).getString(0);
        }
    }

    /**
     * The GPU's UUID as {@code nvidia-smi -L} prints it ({@code GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}):
     * stable across reboots and slot changes, unlike the CUDA index, so results from many runs
     * can be matched to one physical GPU. {@code cudaDeviceProp.uuid} follows {@code name} in
     * every runtime version, so its offset comes from the generated layout.
     */
    public String uuid() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment prop = arena.allocate(DEVICE_PROP_BYTES, 16);
            Check.check(cudart.cudaGetDeviceProperties(prop, index), "cudaGetDeviceProperties(device " + index + ")");
            byte[] bytes = prop.asSlice(cudaDeviceProp.uuid$offset(), 16).toArray(ValueLayout.JAVA_BYTE);
            return formatUuid(bytes);
        }
    }

    /** 16 bytes as {@code GPU-} and 8-4-4-4-12 lower-case hex digits, as nvidia-smi writes them. */
    public static String formatUuid(byte[] bytes) {
        if (bytes.length != 16) {
            throw new IllegalArgumentException("a UUID has 16 bytes, not " + bytes.length);
        }
        StringBuilder text = new StringBuilder("GPU-");
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                text.append('-');
            }
            text.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
        }
        return text.toString();
    }

    /** The PCI address as the runtime prints it, e.g. {@code 00000000:17:00.0}. */
    public String pciBusId() {
        try (Arena arena = Arena.ofConfined()) {
            int length = 64;
            MemorySegment text = arena.allocate(length);
            Check.check(cudart.cudaDeviceGetPCIBusId(text, length, index), "cudaDeviceGetPCIBusId(device " + index + ")");
            return text.getString(0);
        }
    }

    /** Free and total device memory in bytes, as {@code cudaMemGetInfo} reports for this device. */
    public MemoryInfo memoryInfo() {
        makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment free = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment total = arena.allocate(ValueLayout.JAVA_LONG);
            Check.check(cudart.cudaMemGetInfo(free, total), "cudaMemGetInfo(device " + index + ")");
            return new MemoryInfo(free.get(ValueLayout.JAVA_LONG, 0), total.get(ValueLayout.JAVA_LONG, 0));
        }
    }

    /** Waits for all work on this device. */
    public void synchronize() {
        makeCurrent();
        Check.check(cudart.cudaDeviceSynchronize(), "cudaDeviceSynchronize(device " + index + ")");
    }

    /**
     * Destroys this device's primary context in this process ({@code cudaDeviceReset}, with this
     * device made current): every allocation, stream, event and loaded library of it is gone, and
     * the next call that needs the device creates a fresh context. Close every resource first;
     * a handle kept across a reset is dangling.
     */
    public void reset() {
        makeCurrent();
        Check.check(cudart.cudaDeviceReset(), "cudaDeviceReset(device " + index + ")");
    }

    /** Whether this device can map {@code peer}'s memory directly (otherwise copies go through the host). */
    public boolean canAccessPeer(CudaDevice peer) {
        return CudaRuntime.readInt(out -> cudart.cudaDeviceCanAccessPeer(out, index, peer.index),
                "cudaDeviceCanAccessPeer(" + index + ", " + peer.index + ")") != 0;
    }

    /**
     * Lets this device read and write {@code peer}'s memory directly ({@code cudaDeviceEnablePeerAccess},
     * with this device made current); ask {@link #canAccessPeer(CudaDevice)} first. Access is one way:
     * {@code peer} reaching this device's memory needs its own call.
     *
     * @return true when this call enabled it; false when it was already enabled
     *         ({@code cudaErrorPeerAccessAlreadyEnabled} is not a failure here)
     */
    public boolean enablePeerAccess(CudaDevice peer) {
        makeCurrent();
        int rc = cudart.cudaDeviceEnablePeerAccess(peer.index, 0);
        if (rc == cudart.cudaErrorPeerAccessAlreadyEnabled()) {
            cudart.cudaGetLastError(); // the runtime records it as the last error; it is not one here
            return false;
        }
        Check.check(rc, "cudaDeviceEnablePeerAccess(device " + index + " -> " + peer.index + ")");
        return true;
    }

    /**
     * Takes back what {@link #enablePeerAccess(CudaDevice)} gave ({@code cudaDeviceDisablePeerAccess},
     * with this device made current).
     *
     * @return true when this call disabled it; false when it was not enabled
     *         ({@code cudaErrorPeerAccessNotEnabled} is not a failure here)
     */
    public boolean disablePeerAccess(CudaDevice peer) {
        makeCurrent();
        int rc = cudart.cudaDeviceDisablePeerAccess(peer.index);
        if (rc == cudart.cudaErrorPeerAccessNotEnabled()) {
            cudart.cudaGetLastError();
            return false;
        }
        Check.check(rc, "cudaDeviceDisablePeerAccess(device " + index + " -> " + peer.index + ")");
        return true;
    }

    /** Device memory in bytes. */
    public record MemoryInfo(long freeBytes, long totalBytes) {
    }

    @Override
    public String toString() {
        return "device " + index;
    }
}
