package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.LaunchShape;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;

/**
 * One device's stream and events, and the copy kernel's launch shape on it: read once as the
 * lane opens, so no launch asks the device for its multiprocessor count inside a timed window.
 */
record PeerLane(CudaDevice device, CudaStream stream, CudaEvent start, CudaEvent stop, CudaEvent done,
                LaunchShape shape) {
    static PeerLane open(CudaDevice device) {
        LaunchShape shape = LaunchShape.ofBlocks(device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT));
        CudaStream stream = CudaStream.create(device, true);
        return new PeerLane(device, stream, CudaEvent.timing(device), CudaEvent.timing(device),
                CudaEvent.ordering(device), shape);
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
