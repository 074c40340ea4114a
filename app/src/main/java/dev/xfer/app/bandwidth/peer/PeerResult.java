package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.stats.Summary;

import java.util.Objects;

/**
 * One ordered pair of GPUs measured with {@code cudaMemcpyPeerAsync} ({@code --direction p2p}).
 *
 * @param src                source device, CUDA index
 * @param dst                destination device, CUDA index
 * @param bytes              bytes per copy
 * @param peerAccess         whether each of the two can reach the other's memory directly
 *                           ({@code cudaDeviceCanAccessPeer} both ways), so peer access was enabled;
 *                           otherwise the runtime stages the copy through host memory
 * @param gigabytesPerSecond per-iteration rates of src to dst alone, 1e9 bytes/s
 * @param bidirGbps          per-iteration rates of src to dst and dst to src at once on two
 *                           streams: both copies' bytes over the time of the pair, 1e9 bytes/s
 * @param verified           whether the one-way copy delivered the pattern
 * @param bidirVerified      whether both copies of the pair delivered it
 */
public record PeerResult(int src, int dst, long bytes, boolean peerAccess, Summary gigabytesPerSecond,
                         Summary bidirGbps, boolean verified, boolean bidirVerified) {

    public PeerResult {
        Objects.requireNonNull(gigabytesPerSecond, "gigabytesPerSecond");
        Objects.requireNonNull(bidirGbps, "bidirGbps");
        if (src == dst) {
            throw new IllegalArgumentException("a peer copy needs two devices, not " + src + " twice");
        }
    }

    /** The pair's one-way configuration as people name it, e.g. {@code p2p 0->1 16777216 B}. */
    public String configuration() {
        return configuration(src, dst, bytes);
    }

    /** The pair's both-ways configuration, e.g. {@code p2p-bidir 0<->1 16777216 B}. */
    public String bidirConfiguration() {
        return bidirConfiguration(src, dst, bytes);
    }

    static String configuration(int src, int dst, long bytes) {
        return "p2p " + src + "->" + dst + " " + bytes + " B";
    }

    static String bidirConfiguration(int src, int dst, long bytes) {
        return "p2p-bidir " + src + "<->" + dst + " " + bytes + " B";
    }
}
