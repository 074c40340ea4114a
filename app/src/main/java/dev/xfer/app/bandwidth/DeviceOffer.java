package dev.xfer.app.bandwidth;

import dev.xfer.cuda.BatchedCopySupport;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.DeviceAttribute;

import java.util.Optional;

/**
 * What one device and the loaded CUDA runtime offer the copy paths, asked before anything is
 * launched: what a path decides from whether it can run here at all
 * ({@link PathDefinition#absentBecause}). Each fact is read only when a path asks for it, so a
 * plan without that path makes no call for it.
 */
final class DeviceOffer {
    private final CudaDevice device;
    private Optional<String> batchApiMissing;

    DeviceOffer(CudaDevice device) {
        this.device = device;
    }

    /** The device's CUDA index, as waivers name it. */
    int index() {
        return device.index();
    }

    /** Whether the device can run the TMA copy, from its compute capability. */
    TmaSupport tma() {
        return new TmaSupport(device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MAJOR),
                device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MINOR));
    }

    /** Why the loaded runtime has no {@code cudaMemcpyBatchAsync} xfer can call; empty when it has. */
    Optional<String> batchApiMissing() {
        if (batchApiMissing == null) {
            batchApiMissing = BatchedCopySupport.ofLoadedRuntime();
        }
        return batchApiMissing;
    }
}
