package dev.xfer.cuda;

/**
 * What was asked does not fit in the device's free memory; said before anything is allocated,
 * rather than failing halfway through a run.
 */
public final class InsufficientDeviceMemoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Left free for the runtime's own needs (context, staging buffers, kernels) when checking. */
    public static final long RESERVE_BYTES = 256L << 20;

    public InsufficientDeviceMemoryException(String what, long needBytes, long freeBytes, int device) {
        super(what + " needs " + needBytes + " bytes of device memory (plus " + RESERVE_BYTES
                + " kept for the runtime), but device " + device + " has " + freeBytes + " bytes free: use a smaller size");
    }

    /** Throws unless {@code needBytes} plus the reserve fit in {@code device}'s free memory now. */
    public static void requireFits(CudaDevice device, long needBytes, String what) {
        long free = device.memoryInfo().freeBytes();
        if (needBytes > free - RESERVE_BYTES) {
            throw new InsufficientDeviceMemoryException(what, needBytes, free, device.index());
        }
    }
}
