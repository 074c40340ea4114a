package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.DeviceBuffer;

import java.lang.foreign.MemorySegment;

/**
 * One copy's two ends and its size: a device buffer, the buffer on its other side (host memory,
 * or a second device buffer for a device-local copy), and which way the bytes go. A row's buffers
 * are chosen once as ends, apart from who copies them ({@link CopyInitiator}), so the driver,
 * the staging lanes and the copy kernel move the very same bytes.
 *
 * @param direction H2D and D2D into {@code device}, D2H out of it
 * @param device    the device buffer (the staging lanes need the buffer, not only its address)
 * @param other     the other side's memory
 * @param bytes     the bytes each copy moves
 */
public record CopyEnds(CopyDirection direction, DeviceBuffer device, MemorySegment other, long bytes) {
    public CopyEnds {
        if (direction != CopyDirection.H2D && direction != CopyDirection.D2H && direction != CopyDirection.D2D) {
            throw new IllegalArgumentException("one copy goes h2d, d2h or d2d, not " + direction);
        }
    }

    /** Where the bytes go. */
    public MemorySegment to() {
        return direction == CopyDirection.D2H ? other : device.address();
    }

    /** Where they come from. */
    public MemorySegment from() {
        return direction == CopyDirection.D2H ? device.address() : other;
    }

    /** The kind the driver is told, so it need not infer it from the addresses. */
    public CopyKind kind() {
        return switch (direction) {
            case H2D -> CopyKind.HOST_TO_DEVICE;
            case D2H -> CopyKind.DEVICE_TO_HOST;
            default -> CopyKind.DEVICE_TO_DEVICE;
        };
    }
}
