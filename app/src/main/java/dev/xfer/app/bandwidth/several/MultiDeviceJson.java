package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthJson;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.VerificationFailureJson;

import java.util.List;
import java.util.Map;

/**
 * The parts of a several-device bandwidth document beyond each device's own document: the
 * parameters of the whole run and the failures of the GPUs at once and the GPU-to-GPU pairs
 * ({@link dev.xfer.app.bandwidth.concurrent.ConcurrentJson} and {@link dev.xfer.app.bandwidth.peer.PeerJson}
 * write those copies themselves).
 */
public final class MultiDeviceJson {
    private MultiDeviceJson() {
    }

    /**
     * One device's parameters ({@link BandwidthJson#parameters(BandwidthResults)}) and then
     * {@code devices} (the CUDA indices, in order) and {@code concurrent}.
     */
    public static Map<String, Object> parameters(MultiDeviceResults report) {
        Map<String, Object> parameters = BandwidthJson.parameters(report.devices().getFirst());
        parameters.put("devices", report.indices());
        parameters.put("concurrent", report.concurrent().isPresent());
        return parameters;
    }

    /** The concurrent and p2p failures, written as a device's are. */
    public static List<Object> failures(MultiDeviceResults report) {
        return VerificationFailureJson.rows(report.failures());
    }
}
