package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;

import java.util.List;
import java.util.Objects;

/**
 * What NVML shows of one GPU, for the checks of {@link NvmlChecks}: {@link NvmlReadings} gives it
 * from what the probes read around doctor's probe; without NVML {@link #unavailable(String)} makes
 * every such check say unknown.
 */
public interface NvmlEvidence {

    /** The clock event reasons other than idle, by xfer's names of NVML's bits ({@code hw_slowdown}, {@code sw_power_cap}, ...). */
    Reading<List<String>> throttleReasons(int gpu);

    /** The PCIe replay counter before and after the probe. */
    Reading<ReplayCounts> replays(int gpu);

    /** Whether persistence mode is on. */
    Reading<Boolean> persistenceMode(int gpu);

    /** Other processes with a context on the GPU, as {@code pid name}. */
    Reading<List<String>> foreignProcesses(int gpu);

    /** PCIe traffic on the GPU's link that xfer did not move, in GB/s, during the probe. */
    Reading<Double> foreignTrafficGBps(int gpu);

    /** NVML's peer-to-peer status from one GPU to another, for reads and writes ({@code OK}, {@code CHIPSET_NOT_SUPPORTED}, ...). */
    Reading<PeerStatus> peerStatus(int from, int to);

    /** The nearest point of the PCIe tree two GPUs share, by {@code nvidia-smi topo -m}'s names ({@code PIX}, {@code SYS}, ...). */
    Reading<String> commonAncestor(int from, int to);

    /** The system's Confidential Computing state (system-wide: one reading for the host). */
    Reading<ConfidentialComputingState> confidentialComputing();

    /** NVML's answers for peer reads and writes. */
    record PeerStatus(String read, String write) {
        public boolean ok() {
            return read.equals("OK") && write.equals("OK");
        }

        @Override
        public String toString() {
            return "read " + read + ", write " + write;
        }
    }

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
                return Reading.unknown(why, "nvmlDeviceGetFieldValues (PCIe byte counters)");
            }

            @Override
            public Reading<PeerStatus> peerStatus(int from, int to) {
                return Reading.unknown(why, "nvmlDeviceGetP2PStatus");
            }

            @Override
            public Reading<String> commonAncestor(int from, int to) {
                return Reading.unknown(why, "nvmlDeviceGetTopologyCommonAncestor");
            }

            @Override
            public Reading<ConfidentialComputingState> confidentialComputing() {
                return Reading.unknown(why, ConfidentialComputingState.CALLS);
            }
        };
    }
}
