package dev.xfer.app.bandwidth;

import java.util.Optional;

/**
 * Whether a device can run the TMA copy ({@code tma_copy}): its bulk copies ({@code cp.async.bulk}
 * with an mbarrier) exist from compute capability 9.0 (Hopper) on, and on older GPUs the kernel's
 * body is compiled empty, so it must not be launched there. Decided from the device's compute
 * capability alone, before anything is launched, so the decision is tested without a GPU.
 *
 * @param major the device's compute capability, major part
 * @param minor the device's compute capability, minor part
 */
public record TmaSupport(int major, int minor) {
    /** The first compute capability with {@code cp.async.bulk}: 9.0. */
    public static final int MIN_MAJOR = 9;

    /** Why the TMA copy cannot run on device {@code index}; empty when it can. */
    public Optional<String> absentBecause(int index) {
        if (major >= MIN_MAJOR) {
            return Optional.empty();
        }
        return Optional.of("TMA bulk copies (cp.async.bulk) need compute capability " + MIN_MAJOR + ".0, GPU " + index
                + " has " + major + "." + minor);
    }
}
