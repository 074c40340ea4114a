package dev.xfer.app.evidence;

import java.util.Optional;

/**
 * Reads one GPU's circumstances, for the evidence a measuring document carries. Each method maps
 * to a few NVML calls (see {@link GpuSnapshot} and {@link LinkSample}); an item NVML cannot give
 * is {@link Reading.Unknown}, and a probe that cannot read at all (no libnvidia-ml.so.1) is
 * {@link #unavailable()}. Neither is ever a failure.
 * <p>
 * {@link #linkSample()} is called from the evidence recorder's sampling thread while the
 * measuring thread may call {@link #snapshot}: an implementation must allow that (NVML is
 * thread-safe).
 */
public interface GpuProbe extends AutoCloseable {
    /** Why nothing can be read (e.g. {@code libnvidia-ml.so.1 not found}); empty when the probe reads. */
    Optional<String> unavailable();

    /** Every snapshot item now; {@code memoryHealth} adds ECC, retired pages and remapped rows (smoke). */
    GpuSnapshot snapshot(boolean memoryHealth);

    /** The link traffic now, or why it cannot be read. */
    Reading<LinkSample> linkSample();

    /**
     * What NVML says of this GPU and {@code other} (peer status, the path of peer copies); unknown where
     * either probe does not read NVML.
     */
    default PeerReading peer(GpuProbe other) {
        return PeerReading.unknown(unavailable().or(other::unavailable).orElse("this probe reads no peer status"));
    }

    /** Each kind of NVML call this probe made so far, counted and timed; none for a probe that calls no NVML. */
    default java.util.List<CallTimes.Call> calls() {
        return java.util.List.of();
    }

    /**
     * The system's Confidential Computing state (NVML's, system-wide: any GPU's probe reads the
     * same); unknown where the probe reads no NVML, or NVML (an older driver's) cannot say.
     */
    default Reading<ConfidentialComputingState> confidentialComputing() {
        return Reading.unknown(unavailable().orElse("this probe reads no Confidential Computing state"));
    }

    /**
     * Whether this probe reads the GPU CUDA calls {@code target}: by its PCI bus id and, where CUDA
     * gave one, its UUID. False where the probe cannot tell (it reads nothing).
     */
    default boolean isOf(GpuProbes.Target target) {
        return false;
    }

    /** Releases what the probe holds (NVML's handle: nvmlShutdown once the last probe closes). */
    @Override
    void close();
}
