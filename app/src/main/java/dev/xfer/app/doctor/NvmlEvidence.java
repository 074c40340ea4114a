package dev.xfer.app.doctor;

import java.util.List;
import java.util.Objects;

/**
 * What NVML shows of one GPU, for the checks of {@link NvmlChecks}. xfer does not read NVML yet;
 * the NVML layer will implement this, and until then {@link #unavailable(String)} makes every
 * such check say unknown.
 */
public interface NvmlEvidence {

    /** The clock throttle reasons active now, by NVML's names ({@code HwSlowdown}, {@code SwPowerCap}, ...). */
    Reading<List<String>> throttleReasons(int gpu);

    /** The PCIe replay counter before and after the probe. */
    Reading<ReplayCounts> replays(int gpu);

    /** Whether persistence mode is on. */
    Reading<Boolean> persistenceMode(int gpu);

    /** Other processes with a context on the GPU, as {@code pid name}. */
    Reading<List<String>> foreignProcesses(int gpu);

    /** PCIe traffic on the GPU's link that xfer did not move, in GB/s, during the probe. */
    Reading<Double> foreignTrafficGBps(int gpu);

    /** NVML's peer-to-peer status from one GPU to another ({@code OK}, {@code ChipsetNotSupported}, ...). */
    Reading<String> peerStatus(int from, int to);

    /**
     * The replay counter's two readings.
     *
     * @param before at the probe's start
     * @param after  at its end
     */
    record ReplayCounts(long before, long after) {
        public long rising() {
            return Math.max(0, after - before);
        }
    }

    /** No NVML: every reading unknown, for {@code why}. */
    static NvmlEvidence unavailable(String why) {
        Objects.requireNonNull(why, "why");
        String where = "NVML";
        return new NvmlEvidence() {
            @Override
            public Reading<List<String>> throttleReasons(int gpu) {
                return Reading.unknown(why, "nvmlDeviceGetCurrentClocksEventReasons");
            }

            @Override
            public Reading<ReplayCounts> replays(int gpu) {
                return Reading.unknown(why, "nvmlDeviceGetPcieReplayCounter");
            }

            @Override
            public Reading<Boolean> persistenceMode(int gpu) {
                return Reading.unknown(why, "nvmlDeviceGetPersistenceMode");
            }

            @Override
            public Reading<List<String>> foreignProcesses(int gpu) {
                return Reading.unknown(why, "nvmlDeviceGetComputeRunningProcesses");
            }

            @Override
            public Reading<Double> foreignTrafficGBps(int gpu) {
                return Reading.unknown(why, where);
            }

            @Override
            public Reading<String> peerStatus(int from, int to) {
                return Reading.unknown(why, "nvmlDeviceGetP2PStatus");
            }
        };
    }
}
