package dev.xfer.app.evidence;

import java.util.Optional;

/**
 * Opens the probe of one GPU, by what CUDA and NVML both know of it (NVML finds a device by its
 * PCI bus id: nvmlDeviceGetHandleByPciBusId_v2; the UUID checks it). The command line holds the
 * one in use; tests give {@link #unavailable} or a {@link RecordedProbe}.
 */
@FunctionalInterface
public interface GpuProbes {
    /**
     * @param cudaIndex the CUDA device index (what the document and the text name the GPU by)
     * @param pciBusId  {@code 0000:65:00.0}, as the document's context carries it
     */
    record Target(int cudaIndex, String pciBusId, Optional<String> uuid) {
        /** {@code GPU 0}: how disturbances name the GPU. */
        public String described() {
            return "GPU " + cudaIndex;
        }
    }

    /** The probe of {@code target}; one that cannot read says so through {@link GpuProbe#unavailable()}, never throws. */
    GpuProbe open(Target target);

    /**
     * The probe of the GPU that CUDA will call {@code cudaIndex}, opened before CUDA has started
     * (so before it can say which GPU that is: {@link CudaOrder} guesses); empty where the guess
     * cannot be made. The recorder holds it to the {@link Target} CUDA reports later
     * ({@link GpuProbe#isOf}) and drops it where they differ.
     */
    default Optional<GpuProbe> openBeforeCuda(int cudaIndex) {
        return Optional.empty();
    }

    /** Probes that read nothing, for {@code why}. */
    static GpuProbes unavailable(String why) {
        return target -> new UnavailableProbe(why);
    }
}
