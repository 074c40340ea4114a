package dev.xfer.app.bandwidth.peer;

import dev.xfer.cuda.DeviceBuffer;

/**
 * One GPU-to-GPU copy: the lane whose stream issues it (and whose GPU runs the kernel), its
 * buffers and its size.
 */
record PeerCopy(PeerLane issuer, DeviceBuffer into, DeviceBuffer from, long bytes) {
}
