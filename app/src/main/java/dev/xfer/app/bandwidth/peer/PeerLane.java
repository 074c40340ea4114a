package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.LaunchShape;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;

/**
 * One device's stream and events, and its SM count, which sets a grid path's launch on it (one
 * block per SM, {@link #shape}): read once as the lane opens, so no launch asks the device for its
 * multiprocessor count inside a timed window.
 */
record PeerLane(CudaDevice device, CudaStream stream, CudaEvent start, CudaEvent stop, CudaEvent done, int sms) {
    static PeerLane open(CudaDevice device) {
        int sms = device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT);
        CudaStream stream = CudaStream.create(device, true);
        return new PeerLane(device, stream, CudaEvent.timing(device), CudaEvent.timing(device),
                CudaEvent.ordering(device), sms);
    }

    /** {@code path}'s grid on this device: one block per SM, of its kernel's block size. */
    LaunchShape shape(CopyPath path) {
        return path.grid(sms);
    }

    void close() {
        device.makeCurrent();
        try {
            start.close();
            stop.close();
            done.close();
        } finally {
            stream.close();
        }
    }
}
