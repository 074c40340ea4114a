package dev.xfer.nvml;

/**
 * The GPU's cumulative PCIe byte counters ({@code NVML_FI_DEV_PCIE_COUNT_TX_BYTES} and
 * {@code _RX_BYTES}). Two readings bracket a window: their difference is every byte that crossed
 * the link in it, so the bytes xfer moved itself can be subtracted exactly.
 *
 * @param txBytes         bytes sent by the GPU (device to host and peer writes)
 * @param rxBytes         bytes received by the GPU (host to device)
 * @param counterBits     the counters' width (NVML says they may wrap): 32 or 64
 * @param timestampMicros when NVML read them, microseconds since 1970
 */
public record PcieByteCounters(long txBytes, long rxBytes, int counterBits, long timestampMicros) {

    /** Bytes sent since {@code earlier}, across one wrap of the counter. */
    public long txBytesSince(PcieByteCounters earlier) {
        return wrappedDifference(txBytes, earlier.txBytes);
    }

    /** Bytes received since {@code earlier}, across one wrap of the counter. */
    public long rxBytesSince(PcieByteCounters earlier) {
        return wrappedDifference(rxBytes, earlier.rxBytes);
    }

    private long wrappedDifference(long later, long earlier) {
        long difference = later - earlier;
        return counterBits >= 64 ? difference : difference & ((1L << counterBits) - 1);
    }
}
