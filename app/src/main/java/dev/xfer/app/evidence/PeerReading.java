package dev.xfer.app.evidence;

/**
 * What NVML says of a pair of GPUs: whether one may read and write the other's memory
 * ({@code nvmlDeviceGetP2PStatus}, READ and WRITE) and the path their copies take: {@code NVLink}
 * where NVML's NVLink P2P status is OK, else the nearest point of the PCIe tree they share
 * ({@code nvmlDeviceGetTopologyCommonAncestor}, by {@code nvidia-smi topo -m}'s names).
 *
 * @param read           {@code OK}, {@code CHIPSET_NOT_SUPPORTED}, ... or unknown
 * @param write          likewise
 * @param path           {@code NVLink}, {@code PIX}, {@code PHB}, {@code SYS}, ... or unknown
 */
public record PeerReading(Reading<String> read, Reading<String> write, Reading<String> path) {
    /** The {@link #path} of a pair whose NVLink P2P status is OK. */
    public static final String NVLINK = "NVLink";

    public static PeerReading unknown(String why) {
        return new PeerReading(Reading.unknown(why), Reading.unknown(why), Reading.unknown(why));
    }
}
