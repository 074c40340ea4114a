package dev.xfer.app.evidence;

/**
 * One reading of the GPU's PCIe traffic, by the background sampler.
 * <p>
 * Where NVML has the cumulative byte counters (GetFieldValues NVML_FI_DEV_PCIE_COUNT_RX_BYTES and
 * _TX_BYTES) a sample holds their values and the bytes of a window are exact differences. Else it
 * holds GetPcieThroughput's rates (KB/s, averaged by the driver over about 20 ms), and a window's
 * bytes are estimated from the rates at its ends.
 *
 * @param nanos the monotonic clock when read (System.nanoTime)
 * @param rx    into the GPU (host to device): bytes so far, or KB/s
 * @param tx    out of the GPU (device to host): bytes so far, or KB/s
 */
public record LinkSample(long nanos, Kind kind, long rx, long tx) {
    public enum Kind {
        /** Cumulative byte counters. */
        BYTES,
        /** Throughput in KB/s (1000 bytes), a short average. */
        KB_PER_SECOND
    }

    public static LinkSample bytes(long nanos, long rx, long tx) {
        return new LinkSample(nanos, Kind.BYTES, rx, tx);
    }

    public static LinkSample throughput(long nanos, long rxKBps, long txKBps) {
        return new LinkSample(nanos, Kind.KB_PER_SECOND, rxKBps, txKBps);
    }

    /**
     * The link's traffic from this sample to {@code later}, both directions together, in GB/s; empty
     * when it cannot be told (a counter that went back, samples of two kinds, no time between).
     */
    public java.util.Optional<Double> gigabytesPerSecondUntil(LinkSample later) {
        double seconds = (later.nanos() - nanos) / 1e9;
        return LinkTraffic.between(this, later).map(b -> (b[0] + b[1]) / seconds / 1e9);
    }
}
