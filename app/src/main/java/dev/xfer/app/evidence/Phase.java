package dev.xfer.app.evidence;

import java.util.Optional;

/**
 * One measured phase (a configuration: {@code pinned h2d 64MiB}) with the snapshots taken at its
 * start and end, outside its timed windows, and the bytes xfer itself moved across the link in it.
 *
 * @param startNanos the monotonic clock at its start (of the link sample taken then, else the snapshot)
 * @param ownBytes   what xfer moved; empty when the engine does not report it, and then the
 *                   link traffic inside the phase is not judged (it cannot be told from xfer's own)
 */
public record Phase(String name, long startNanos, long endNanos, GpuSnapshot start, GpuSnapshot end,
                    Optional<OwnBytes> ownBytes) {

    /** Bytes xfer's copies moved: {@code toDevice} shows in the GPU's rx counter, {@code fromDevice} in tx. */
    public record OwnBytes(long toDevice, long fromDevice) {
        public OwnBytes plus(long toDevice, long fromDevice) {
            return new OwnBytes(this.toDevice + toDevice, this.fromDevice + fromDevice);
        }
    }

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }
}
