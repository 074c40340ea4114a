package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthJson;
import dev.xfer.app.bandwidth.BandwidthReport;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.report.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The parts of a several-device bandwidth document beyond each device's own document: the
 * parameters of the whole run, the GPUs at once, the GPU-to-GPU pairs, and their failures.
 */
public final class MultiDeviceJson {
    private MultiDeviceJson() {
    }

    /**
     * One device's parameters ({@link BandwidthJson#parameters(BandwidthReport)}) and then
     * {@code devices} (the CUDA indices, in order) and {@code concurrent}.
     */
    public static Map<String, Object> parameters(MultiDeviceReport report) {
        Map<String, Object> parameters = BandwidthJson.parameters(report.devices().getFirst());
        parameters.put("devices", report.indices());
        parameters.put("concurrent", report.concurrent().isPresent());
        return parameters;
    }

    /**
     * One object per size and direction: {@code memory}, {@code direction}, {@code bytes},
     * {@code gpus} (per GPU: {@code device}, {@code gbps}, {@code microseconds},
     * {@code percentOfLink}, {@code verified}), {@code aggregateGbps} (summary of the per-iteration
     * aggregate rates), {@code aloneGbpsSum} (or null) and {@code verified}.
     */
    public static List<Object> concurrent(List<ConcurrentResult> results) {
        List<Object> rows = new ArrayList<>();
        for (ConcurrentResult c : results) {
            List<Object> gpus = new ArrayList<>();
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                gpus.add(Json.object(
                        "device", g.device(),
                        "gbps", BandwidthJson.summary(g.gigabytesPerSecond()),
                        "microseconds", BandwidthJson.summary(g.microseconds()),
                        "percentOfLink", g.percentOfLink().isPresent() ? g.percentOfLink().getAsDouble() : null,
                        "verified", g.verified()));
            }
            rows.add(Json.object(
                    "memory", c.memory(),
                    "direction", c.direction(),
                    "bytes", c.bytes(),
                    "gpus", gpus,
                    "aggregateGbps", BandwidthJson.summary(c.aggregateGbps()),
                    "aloneGbpsSum", c.aloneGbpsSum().isPresent() ? c.aloneGbpsSum().getAsDouble() : null,
                    "verified", c.verified()));
        }
        return rows;
    }

    /**
     * One object per ordered pair and size: {@code src}, {@code dst}, {@code bytes},
     * {@code peerAccess}, {@code gbps} and {@code bidirGbps} (summaries, GB/s; {@code median} is the
     * figure of the matrix), {@code verified}, {@code bidirVerified}.
     */
    public static List<Object> peers(List<PeerResult> results) {
        List<Object> rows = new ArrayList<>();
        for (PeerResult r : results) {
            rows.add(Json.object(
                    "src", r.src(),
                    "dst", r.dst(),
                    "bytes", r.bytes(),
                    "peerAccess", r.peerAccess(),
                    "gbps", BandwidthJson.summary(r.gigabytesPerSecond()),
                    "bidirGbps", BandwidthJson.summary(r.bidirGbps()),
                    "verified", r.verified(),
                    "bidirVerified", r.bidirVerified()));
        }
        return rows;
    }

    /** The concurrent and p2p failures, as {@link BandwidthJson#failures(BandwidthReport)} writes a device's. */
    public static List<Object> failures(MultiDeviceReport report) {
        List<Object> rows = new ArrayList<>();
        for (VerificationFailure f : report.failures()) {
            rows.add(Json.object("configuration", f.configuration(), "offset", f.offset(),
                    "expected", f.expected() & 0xff, "actual", f.actual() & 0xff,
                    "numaNode", f.numaNode().isPresent() ? f.numaNode().getAsInt() : null));
        }
        return rows;
    }
}
